import {
  BellRing,
  CalendarCheck,
  FileText,
  type IconNode,
  LayoutDashboard,
  MessagesSquare,
  Users,
} from 'lucide';
import { IconBadge } from '../components/icon-badge.tsx';
import { Section } from '../components/section.tsx';
import { SectionHeading } from '../components/section-heading.tsx';
import { problemTitle } from '../content/problems.ts';
import { type SolutionId, solutionSection, solutions } from '../content/solutions.ts';

const icons: Record<SolutionId, IconNode> = {
  tracking: Users,
  replies: MessagesSquare,
  followUps: BellRing,
  quotes: FileText,
  bookings: CalendarCheck,
  dashboard: LayoutDashboard,
};

/** The solution section: the six parts of the platform, each tagged with the problem it answers. */
export function SolutionSection({ headingLevel = 'visible' }: { headingLevel?: 'visible' | 'none' }) {
  return (
    <Section
      tone={headingLevel === 'visible' ? 'muted' : 'white'}
      flushTop={headingLevel === 'none'}
      labelledBy="solutions-title"
    >
      {headingLevel === 'visible' ? (
        <SectionHeading id="solutions-title" eyebrow={solutionSection.eyebrow} title={solutionSection.title}>
          {solutionSection.intro}
        </SectionHeading>
      ) : (
        <h2 id="solutions-title" className="sr-only">
          {solutionSection.title}
        </h2>
      )}
      <ul
        className={`grid gap-6 sm:grid-cols-2 lg:grid-cols-3 ${headingLevel === 'visible' ? 'mt-12 sm:mt-16' : ''}`}
      >
        {solutions.map((solution) => {
          const icon = icons[solution.id];
          return (
            <li
              key={solution.id}
              data-testid="solution-card"
              className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow duration-200 ease-out hover:shadow-md sm:p-8"
            >
              <IconBadge
                icon={icon}
                square
                className="size-12 bg-brand-600 text-white shadow-sm"
                iconClassName="size-6"
              />
              <h3 className="mt-6 text-xl font-semibold text-slate-900">{solution.title}</h3>
              <p className="mt-3 flex-1 text-base text-slate-600">{solution.description}</p>
              <p className="mt-5 text-sm font-medium text-slate-600">
                {`${solutionSection.fixesLabel}: `}
                <span className="rounded-full bg-brand-50 px-2.5 py-1 font-semibold text-brand-800">
                  {problemTitle(solution.fixes)}
                </span>
              </p>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
