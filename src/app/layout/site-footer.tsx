import { brand } from '../../content/brand.ts';
import { Region } from '../../hydration/index.ts';
import { AccountStatusSlot } from '../auth/account-status-slot.tsx';
import { footerRegion } from './footer-region.ts';

/**
 * Footer (docs/requirements.md, "Screens and routes"): quick links, contact details and office hours (a static region),
 * then copyright and account.
 */
export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="bg-slate-950 text-slate-300">
      <Region of={footerRegion} />
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-5 sm:px-6 lg:px-8">
          <p className="text-sm text-slate-400">
            <span suppressHydrationWarning>{`© ${year} ${brand.name}.`}</span> All rights reserved.
          </p>
          <AccountStatusSlot />
        </div>
      </div>
    </footer>
  );
}
