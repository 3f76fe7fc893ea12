import { Clock } from 'lucide';
import { Icon } from '../components/icon.tsx';
import { Section } from '../components/section.tsx';
import { SectionHeading } from '../components/section-heading.tsx';
import { processSection, processSteps } from '../content/process.ts';

/** The 4-step process (docs/requirements.md, "Business constants and limits") with each step's duration. */
export function ProcessSteps({ headingLevel = 'visible' }: { headingLevel?: 'visible' | 'none' }) {
  return (
    <Section flushTop={headingLevel === 'none'} labelledBy="process-title">
      {headingLevel === 'visible' ? (
        <SectionHeading id="process-title" eyebrow={processSection.eyebrow} title={processSection.title}>
          {processSection.intro}
        </SectionHeading>
      ) : (
        <h2 id="process-title" className="sr-only">
          {processSection.title}
        </h2>
      )}
      <ol
        className={`relative grid gap-10 lg:grid-cols-4 lg:gap-6 ${headingLevel === 'visible' ? 'mt-12 sm:mt-16' : ''}`}
      >
        <span
          aria-hidden="true"
          className="absolute top-6 right-[12.5%] left-[12.5%] hidden h-px bg-linear-to-r from-brand-200 via-brand-300 to-brand-200 lg:block"
        />
        {processSteps.map((step, index) => (
          <li
            key={step.id}
            data-testid="process-step"
            className="relative flex gap-5 lg:flex-col lg:items-center lg:gap-0 lg:text-center"
          >
            {index < processSteps.length - 1 ? (
              <span
                aria-hidden="true"
                className="absolute top-14 -bottom-8 left-6 w-px bg-brand-200 lg:hidden"
              />
            ) : null}
            <span className="relative grid size-12 shrink-0 place-items-center rounded-full bg-brand-600 text-lg font-bold text-white shadow-md ring-8 ring-white">
              {index + 1}
            </span>
            <div className="flex flex-col lg:items-center">
              <h3 className="mt-2.5 text-xl font-semibold text-slate-900 lg:mt-5">{step.title}</h3>
              <p className="mt-2 inline-flex w-fit items-center gap-1.5 rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-800">
                <Icon icon={Clock} className="size-4" />
                <span className="sr-only">{`${processSection.durationLabel}: `}</span>
                {step.duration}
              </p>
              <p className="mt-3 text-base text-slate-600">{step.description}</p>
            </div>
          </li>
        ))}
      </ol>
    </Section>
  );
}
