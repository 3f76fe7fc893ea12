import { Quote } from 'lucide';
import { Avatar } from '../components/avatar.tsx';
import { Icon } from '../components/icon.tsx';
import { Section } from '../components/section.tsx';
import { SectionHeading } from '../components/section-heading.tsx';
import { StarRating } from '../components/star-rating.tsx';
import { maxRating, testimonials, testimonialsSection } from '../content/testimonials.ts';

/**
 * Columns on a wide screen: three, or two for an even count that three would leave a card alone on its last row (four
 * as two rows of two).
 */
const columns =
  testimonials.length % 3 !== 1 || testimonials.length % 2 === 1 ? 'lg:grid-cols-3' : 'md:grid-cols-2';

/**
 * Testimonials (docs/requirements.md, "Entities and their fields"): name, role, company, image, quote, rating and
 * result.
 */
export function Testimonials({ tone = 'muted' }: { tone?: 'white' | 'muted' }) {
  return (
    <Section tone={tone} labelledBy="testimonials-title">
      <SectionHeading
        id="testimonials-title"
        eyebrow={testimonialsSection.eyebrow}
        title={testimonialsSection.title}
      >
        {testimonialsSection.intro}
      </SectionHeading>
      <ul className={`mt-12 grid gap-6 sm:mt-16 ${columns}`}>
        {testimonials.map((item) => (
          <li key={item.name} data-testid="testimonial">
            <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
              <div className="flex items-center justify-between gap-4">
                <StarRating
                  rating={item.rating}
                  max={maxRating}
                  label={testimonialsSection.ratingLabel(item.rating)}
                />
                <Icon icon={Quote} className="size-6 text-brand-200" />
              </div>
              <blockquote className="mt-5 flex-1 text-base leading-7 text-slate-700">
                <p>{`“${item.quote}”`}</p>
              </blockquote>
              <p className="mt-6 w-fit rounded-full bg-emerald-50 px-3 py-1 text-sm font-semibold text-emerald-800">
                {item.result}
              </p>
              <figcaption className="mt-6 flex items-center gap-4 border-t border-slate-100 pt-6">
                <Avatar
                  drawing={item.image}
                  size={48}
                  className="size-12 shrink-0 rounded-full bg-slate-100"
                />
                <span>
                  <span className="block font-semibold text-slate-900">{item.name}</span>
                  <span className="block text-sm text-slate-600">{`${item.role}, ${item.company}`}</span>
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  );
}
