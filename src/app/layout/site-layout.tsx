import type { ReactNode } from 'react';
import { navLabels } from '../../content/layout.ts';
import { useScrollToTopOnNavigate } from '../hooks/use-scroll-to-top.ts';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

/** The frame of every page: skip link, fixed header, main content and footer. */
export function SiteLayout({ children }: { children: ReactNode }) {
  useScrollToTopOnNavigate();
  return (
    <div className="flex min-h-screen flex-col bg-white font-sans text-slate-900 antialiased">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:rounded-full focus:bg-white focus:px-4 focus:py-2 focus:font-semibold focus:text-brand-700 focus:shadow-md"
      >
        {navLabels.skipToContent}
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
