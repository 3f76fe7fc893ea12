import { ArrowRight, Star } from 'lucide';
import { Avatar } from '../../components/avatar.tsx';
import { ButtonLink } from '../../components/button-link.tsx';
import { buttonStyles } from '../../components/button-styles.ts';
import { Icon } from '../../components/icon.tsx';
import { ratingLine, trustedByLine } from '../../content/claims.ts';
import { hero } from '../../content/home.ts';
import { testimonials } from '../../content/testimonials.ts';
import { paths } from '../../shared/navigation/paths.ts';
import { BookCallLink } from '../book-call-link.tsx';
import { DashboardMock } from './dashboard-mock.tsx';

/** The home page's opening: promise, the two calls to action, and a picture of the product. */
export function Hero() {
  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden bg-linear-to-b from-brand-50 via-white to-white pt-28 pb-16 sm:pt-36 sm:pb-24"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.15fr)] lg:gap-12 lg:px-8">
        <div>
          <p className="inline-flex items-center rounded-full border border-brand-200 bg-white/70 px-3 py-1 text-sm font-medium text-brand-800">
            {hero.eyebrow}
          </p>
          <h1
            id="hero-title"
            className="mt-5 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl xl:text-6xl"
          >
            {hero.title}
          </h1>
          <p className="mt-6 max-w-xl text-lg text-slate-600">{hero.intro}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <BookCallLink className={buttonStyles.primary}>
              {hero.primary}
              <Icon icon={ArrowRight} className="size-4" />
            </BookCallLink>
            <ButtonLink href={paths.Pricing} variant="secondary">
              {hero.secondary}
            </ButtonLink>
          </div>
          <ul className="mt-8 flex flex-wrap items-center gap-x-6 gap-y-2 text-sm font-medium text-slate-700">
            <li className="flex items-center gap-2">
              <span className="flex -space-x-2">
                {testimonials.slice(0, hero.avatars).map((item) => (
                  <Avatar
                    key={item.name}
                    drawing={item.image}
                    size={28}
                    className="size-7 rounded-full bg-white ring-2 ring-white"
                  />
                ))}
              </span>
              {trustedByLine}
            </li>
            <li className="flex items-center gap-1.5">
              <Icon icon={Star} className="size-4 fill-accent-400 text-accent-500" />
              {ratingLine}
            </li>
          </ul>
        </div>
        <DashboardMock />
      </div>
    </section>
  );
}
