/**
 * Class lists of the site's buttons and button-like links, so that every call to action looks the same everywhere
 * (docs/design.md: primary "Book a free call" in one colour; secondary "See pricing").
 */
const base =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-5 py-2.5 text-base font-semibold ' +
  'transition-colors duration-200 ease-out focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-70';

export const buttonStyles = {
  primary: `${base} bg-brand-600 text-white shadow-sm hover:bg-brand-700`,
  secondary: `${base} border border-slate-300 bg-white text-slate-900 hover:border-slate-400 hover:bg-slate-50`,
  onDark: `${base} bg-white text-brand-900 hover:bg-brand-50`,
  ghostOnDark: `${base} border border-white/40 text-white hover:bg-white/10`,
} as const;

export type ButtonVariant = keyof typeof buttonStyles;
