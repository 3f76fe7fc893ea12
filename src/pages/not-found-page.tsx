import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { buttonStyles } from '../components/button-styles.ts';
import { notFoundPage } from '../content/not-found.ts';
import { useAuthStore } from '../shared/auth/auth-store.ts';
import { paths } from '../shared/navigation/paths.ts';

/**
 * Any other path: names the missing path (as text) and offers the way home (docs/requirements.md,
 * "Screens and routes"), with a note for admins.
 */
export function NotFoundPage() {
  const [location] = useLocation();
  const adminNote = useAuthStore((state) => state.user?.role === 'admin');
  // The 404 page is prerendered once for every missing path: the path is shown after hydration, so that the first
  // client render matches the static HTML.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return (
    <section className="bg-gradient-to-b from-brand-50 to-white pt-36 pb-24">
      <div className="mx-auto max-w-xl px-4 text-center sm:px-6">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{notFoundPage.eyebrow}</p>
        <h1 className="mt-3 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
          {notFoundPage.title}
        </h1>
        <p className="mt-5 text-lg break-words text-slate-600">
          {notFoundPage.missingBefore}{' '}
          <code className="rounded bg-slate-100 px-1.5 py-0.5 text-base text-slate-800">
            {mounted ? location : notFoundPage.pathUntilHydrated}
          </code>
          {notFoundPage.missingAfter}
        </p>
        {adminNote ? (
          <p className="mt-6 rounded-xl border border-accent-200 bg-accent-50 px-4 py-3 text-sm text-accent-900">
            {notFoundPage.adminNote}
          </p>
        ) : null}
        <div className="mt-8">
          <Link href={paths.Index} className={buttonStyles.primary}>
            {notFoundPage.goHome}
          </Link>
        </div>
      </div>
    </section>
  );
}
