import { ArrowRight } from 'lucide';
import { buttonStyles } from '../../components/button-styles.ts';
import { Icon } from '../../components/icon.tsx';
import { bookFreeCall } from '../../content/pricing.ts';
import { BookCallLink } from '../book-call-link.tsx';

/** Pricing's last band: Book Free Call goes to the home page and scrolls to its last section (docs/requirements.md, "Screens and routes"). */
export function BookFreeCall() {
  return (
    <section aria-labelledby="book-free-call-title" className="bg-white py-16 sm:py-24">
      <div className="mx-auto max-w-5xl px-4 sm:px-6 lg:px-8">
        <div className="flex flex-col items-start gap-6 rounded-2xl border border-brand-100 bg-brand-50 p-6 sm:p-10 md:flex-row md:items-center md:justify-between">
          <div className="max-w-xl">
            <h2
              id="book-free-call-title"
              className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl"
            >
              {bookFreeCall.title}
            </h2>
            <p className="mt-3 text-lg text-slate-600">{bookFreeCall.text}</p>
          </div>
          <BookCallLink className={`${buttonStyles.primary} w-full shrink-0 sm:w-auto`}>
            {bookFreeCall.button}
            <Icon icon={ArrowRight} className="size-4" />
          </BookCallLink>
        </div>
      </div>
    </section>
  );
}
