import { type IconNode, Layers, TimerOff, UserX } from 'lucide';
import { IconBadge } from '../components/icon-badge.tsx';
import { Section } from '../components/section.tsx';
import { SectionHeading } from '../components/section-heading.tsx';
import { type ProblemId, problemSection, problems } from '../content/problems.ts';

const icons: Record<ProblemId, IconNode> = { tools: Layers, leads: UserX, admin: TimerOff };

/**
 * The three problem cards (docs/requirements.md, "What the product does and for whom"), each with its icon and its own
 * gradient.
 */
export function ProblemSection({ headingLevel = 'visible' }: { headingLevel?: 'visible' | 'none' }) {
  return (
    <Section flushTop={headingLevel === 'none'} labelledBy="problems-title">
      {headingLevel === 'visible' ? (
        <SectionHeading id="problems-title" eyebrow={problemSection.eyebrow} title={problemSection.title}>
          {problemSection.intro}
        </SectionHeading>
      ) : (
        <h2 id="problems-title" className="sr-only">
          {problemSection.title}
        </h2>
      )}
      <ul className={`grid gap-6 md:grid-cols-3 ${headingLevel === 'visible' ? 'mt-12 sm:mt-16' : ''}`}>
        {problems.map((problem) => {
          const icon = icons[problem.id];
          return (
            <li
              key={problem.id}
              data-testid="problem-card"
              className={`relative overflow-hidden rounded-2xl border border-slate-200 bg-linear-to-br ${problem.tone.wash} to-white to-70% p-6 shadow-sm sm:p-8`}
            >
              <span
                className={`absolute inset-x-0 top-0 h-1 bg-linear-to-r ${problem.tone.bar}`}
                aria-hidden="true"
              />
              <IconBadge icon={icon} className={`size-12 ${problem.tone.icon}`} iconClassName="size-6" />
              <h3 className="mt-6 text-xl font-semibold text-slate-900">{problem.title}</h3>
              <p className="mt-3 text-base text-slate-600">{problem.description}</p>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
