import { BigFigure } from '../components/big-figure.tsx';
import { claimList, statsStrip } from '../content/claims.ts';

/** The six claims of docs/requirements.md, "What the product does and for whom" as large numbers with labels. */
export function StatsStrip({ heading = 'sr-only' }: { heading?: 'sr-only' | 'visible' }) {
  return (
    <section aria-labelledby="stats-title" className="border-y border-slate-200 bg-white py-12 sm:py-16">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <h2
          id="stats-title"
          className={heading === 'sr-only' ? 'sr-only' : 'mb-8 text-2xl font-bold text-slate-900'}
        >
          {statsStrip.title}
        </h2>
        <ul className="grid grid-cols-2 gap-x-6 gap-y-10 sm:grid-cols-3 lg:grid-cols-6 lg:gap-x-8">
          {claimList.map((claim) => (
            <li key={claim.value} data-testid="claim" className="border-l-2 border-brand-200 pl-4">
              <BigFigure value={claim.value} label={claim.label} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
