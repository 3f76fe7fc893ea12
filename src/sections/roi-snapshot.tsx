import { Clock, PoundSterling, TrendingUp } from 'lucide';
import { BigFigure } from '../components/big-figure.tsx';
import { IconBadge } from '../components/icon-badge.tsx';
import { Section } from '../components/section.tsx';
import { SectionHeading } from '../components/section-heading.tsx';
import { roiSnapshot } from '../content/claims.ts';

const icons = { time: Clock, leads: TrendingUp, tools: PoundSterling } as const;

/**
 * The home page's ROI snapshot (docs/requirements.md, "What the product does and for whom"): three figures in one card.
 */
export function RoiSnapshot() {
  return (
    <Section tone="muted" labelledBy="roi-title">
      <div>
        <SectionHeading id="roi-title" eyebrow={roiSnapshot.eyebrow} title={roiSnapshot.title}>
          {roiSnapshot.intro}
        </SectionHeading>
        <ul className="mt-12 grid overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-md sm:mt-16 md:grid-cols-3">
          {roiSnapshot.figures.map((figure) => {
            const icon = icons[figure.id];
            return (
              <li
                key={figure.id}
                data-testid="roi-figure"
                className="flex items-start gap-5 border-slate-200 p-6 not-last:border-b sm:p-8 md:flex-col md:gap-0 md:not-last:border-r md:not-last:border-b-0"
              >
                <IconBadge
                  icon={icon}
                  className="size-11 shrink-0 bg-brand-50 text-brand-700 md:mb-5"
                  iconClassName="size-5"
                />
                <BigFigure value={figure.value} label={figure.label} size="xl" />
              </li>
            );
          })}
        </ul>
      </div>
    </Section>
  );
}
