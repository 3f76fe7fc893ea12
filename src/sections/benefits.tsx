import { BadgePoundSterling, GraduationCap, Headset, type IconNode, Puzzle, ShieldCheck } from 'lucide';
import { IconBadge } from '../components/icon-badge.tsx';
import { Section } from '../components/section.tsx';
import { SectionHeading } from '../components/section-heading.tsx';
import { type BenefitId, benefits, benefitsSection, guarantee } from '../content/process.ts';

const icons: Record<BenefitId, IconNode> = {
  price: BadgePoundSterling,
  fit: Puzzle,
  training: GraduationCap,
  support: Headset,
};

/** The Process page's four benefit cards and the no-contracts, money-back guarantee statement. */
export function Benefits() {
  return (
    <Section tone="muted" labelledBy="benefits-title">
      <SectionHeading id="benefits-title" eyebrow={benefitsSection.eyebrow} title={benefitsSection.title} />
      <ul className="mt-12 grid gap-6 sm:mt-16 sm:grid-cols-2 lg:grid-cols-4">
        {benefits.map((benefit) => {
          const icon = icons[benefit.id];
          return (
            <li
              key={benefit.id}
              data-testid="benefit-card"
              className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
            >
              <IconBadge icon={icon} className="size-11 bg-brand-50 text-brand-700" iconClassName="size-5" />
              <h3 className="mt-5 text-lg font-semibold text-slate-900">{benefit.title}</h3>
              <p className="mt-2 text-base text-slate-600">{benefit.description}</p>
            </li>
          );
        })}
      </ul>
      <div
        data-testid="guarantee"
        className="mt-10 flex flex-col gap-4 rounded-2xl border border-emerald-200 bg-emerald-50 p-6 sm:flex-row sm:items-center sm:gap-6 sm:p-8"
      >
        <IconBadge
          icon={ShieldCheck}
          className="size-12 shrink-0 bg-white text-emerald-700 shadow-sm"
          iconClassName="size-6"
        />
        <div>
          <h3 className="text-xl font-semibold text-emerald-950">{guarantee.title}</h3>
          <p className="mt-1 text-base text-emerald-900">{guarantee.text}</p>
        </div>
      </div>
    </Section>
  );
}
