import type { ReactNode } from 'react';

export type SectionTone = 'white' | 'muted' | 'dark';

const tones: Record<SectionTone, string> = {
  white: 'bg-white',
  muted: 'bg-slate-50',
  dark: 'bg-brand-950 text-white',
};

interface SectionProps {
  id?: string;
  tone?: SectionTone;
  /** The id of the section's heading, so that the section is announced by its title. */
  labelledBy?: string;
  className?: string;
  /** Drop the top padding: the section continues the page's opening band. */
  flushTop?: boolean;
  children: ReactNode;
}

/** A page section: the site's one vertical rhythm (py-16 / py-24) and content width. */
export function Section({
  id,
  tone = 'white',
  labelledBy,
  className = '',
  flushTop = false,
  children,
}: SectionProps) {
  return (
    <section
      id={id}
      aria-labelledby={labelledBy}
      className={`${tones[tone]} ${flushTop ? 'pb-16 sm:pb-24' : 'py-16 sm:py-24'} ${className}`}
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">{children}</div>
    </section>
  );
}
