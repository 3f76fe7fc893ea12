import { brand } from '../content/brand.ts';

/** The agency's mark and name. Decorative mark; the name is the accessible text. */
export function Logo({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  return (
    <span className="inline-flex items-center gap-2.5">
      <svg
        width="32"
        height="32"
        viewBox="0 0 32 32"
        aria-hidden="true"
        focusable="false"
        className="shrink-0"
      >
        <rect width="32" height="32" rx="9" className="fill-brand-600" />
        <path d="M9 22V10h9.5" className="stroke-white" strokeWidth="3" strokeLinecap="round" fill="none" />
        <path d="M9 16h7" className="stroke-accent-300" strokeWidth="3" strokeLinecap="round" fill="none" />
        <circle cx="22.5" cy="21.5" r="2.5" className="fill-accent-300" />
      </svg>
      <span
        className={`text-lg font-bold tracking-tight whitespace-nowrap ${tone === 'dark' ? 'text-slate-900' : 'text-white'}`}
      >
        {brand.name}
      </span>
    </span>
  );
}
