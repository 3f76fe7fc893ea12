import type { ReactNode } from 'react';

/**
 * The closing band of an inner page: a short line and the routes onward (docs/requirements.md, "Screens and routes").
 */
export function PageEnding({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <section aria-labelledby="page-ending-title" className="bg-white py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <div className="rounded-3xl bg-linear-to-br from-brand-600 to-brand-800 px-6 py-12 text-center shadow-lg sm:px-12 sm:py-16">
          <h2 id="page-ending-title" className="text-3xl font-bold tracking-tight text-white sm:text-4xl">
            {title}
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-lg text-brand-100">{text}</p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">{children}</div>
        </div>
      </div>
    </section>
  );
}
