import type { ReactNode } from 'react';

interface PageIntroProps {
  eyebrow?: string;
  title: string;
  children?: ReactNode;
}

/** The opening band of an inner page: sits under the fixed header, on the light brand wash the header floats over. */
export function PageIntro({ eyebrow, title, children }: PageIntroProps) {
  return (
    <section className="bg-gradient-to-b from-brand-50 to-white pt-32 pb-14 sm:pt-36 sm:pb-20">
      <div className="mx-auto max-w-3xl px-4 text-center sm:px-6">
        {eyebrow ? (
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>
        ) : null}
        <h1 className="mt-3 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">{title}</h1>
        {children ? <div className="mt-5 text-lg text-slate-600">{children}</div> : null}
      </div>
    </section>
  );
}
