import { Building2, type IconNode, Store, Wrench } from 'lucide';
import { Icon } from '../components/icon.tsx';
import { Section } from '../components/section.tsx';
import { SectionHeading } from '../components/section-heading.tsx';
import { type CaseId, caseExamples, resultsSection } from '../content/results.ts';

const icons: Record<CaseId, IconNode> = { property: Building2, trade: Wrench, retail: Store };

/** The case examples (property management, trade business, retail store): the site's one dark band. */
export function ResultsSection() {
  return (
    <Section tone="dark" labelledBy="results-title">
      <SectionHeading id="results-title" eyebrow={resultsSection.eyebrow} title={resultsSection.title} dark>
        {resultsSection.intro}
      </SectionHeading>
      <ul className="mt-12 grid gap-6 sm:mt-16 lg:grid-cols-3">
        {caseExamples.map((example) => {
          const icon = icons[example.id];
          return (
            <li
              key={example.id}
              data-testid="case-example"
              className="flex flex-col rounded-2xl border border-white/10 bg-white/5 p-6 sm:p-8"
            >
              <p className="flex items-center gap-3 text-sm font-semibold tracking-wide text-accent-300 uppercase">
                <Icon icon={icon} className="size-5" />
                {example.sector}
              </p>
              <h3 className="mt-4 text-lg font-semibold text-white">{example.business}</h3>
              <dl className="mt-5 flex-1 space-y-4 text-base">
                <div>
                  <dt className="text-sm font-medium text-brand-200">{resultsSection.beforeLabel}</dt>
                  <dd className="mt-1 text-brand-50">{example.before}</dd>
                </div>
                <div>
                  <dt className="text-sm font-medium text-brand-200">{resultsSection.builtLabel}</dt>
                  <dd className="mt-1 text-brand-50">{example.built}</dd>
                </div>
              </dl>
              <p className="mt-6 border-t border-white/10 pt-6">
                <span className="block text-4xl font-bold tracking-tight text-white">
                  {example.outcome.value}
                </span>{' '}
                <span className="mt-1 block min-h-12 text-brand-100">{example.outcome.label}</span>
              </p>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
