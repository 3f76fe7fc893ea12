import type { ReactNode } from 'react';

interface SectionHeadingProps {
  id: string;
  eyebrow?: string;
  title: string;
  children?: ReactNode;
  align?: 'center' | 'left';
  dark?: boolean;
}

/** Eyebrow, h2 and a short intro: the head of every section. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  align = 'center',
  dark = false,
}: SectionHeadingProps) {
  const alignment = align === 'center' ? 'mx-auto text-center' : '';
  return (
    <div className={`max-w-2xl ${alignment}`}>
      {eyebrow ? (
        <p
          className={`text-sm font-semibold tracking-wide uppercase ${dark ? 'text-accent-300' : 'text-brand-700'}`}
        >
          {eyebrow}
        </p>
      ) : null}
      <h2
        id={id}
        className={`mt-3 text-3xl font-bold tracking-tight sm:text-4xl ${dark ? 'text-white' : 'text-slate-900'}`}
      >
        {title}
      </h2>
      {children ? (
        <p className={`mt-4 text-lg ${dark ? 'text-brand-100' : 'text-slate-600'}`}>{children}</p>
      ) : null}
    </div>
  );
}
