import { ChevronDown } from 'lucide';
import { Icon } from '../../components/icon.tsx';
import { Section } from '../../components/section.tsx';
import { SectionHeading } from '../../components/section-heading.tsx';
import { pricingFaq } from '../../content/pricing.ts';

/** The FAQ as native disclosure widgets: keyboard and screen-reader support come with `<details>`. */
export function PricingFaq() {
  return (
    <Section tone="muted" labelledBy="faq-title">
      <SectionHeading id="faq-title" eyebrow={pricingFaq.eyebrow} title={pricingFaq.title} />
      <div className="mx-auto mt-12 max-w-3xl divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm">
        {pricingFaq.items.map((item) => (
          <details key={item.question} className="group" data-testid="faq-item">
            <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-5 py-4 text-left text-base font-semibold text-slate-900 hover:bg-slate-50 sm:px-6 [&::-webkit-details-marker]:hidden">
              {item.question}
              <Icon
                icon={ChevronDown}
                className="size-5 shrink-0 text-slate-500 transition-transform duration-200 ease-out group-open:rotate-180"
              />
            </summary>
            <p className="px-5 pb-5 text-base text-slate-600 sm:px-6">{item.answer}</p>
          </details>
        ))}
      </div>
    </Section>
  );
}
