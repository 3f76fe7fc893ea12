import { Menu } from 'lucide';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { buttonStyles } from '../../components/button-styles.ts';
import { Icon } from '../../components/icon.tsx';
import { brand } from '../../content/brand.ts';
import { layout, navLabels } from '../../content/layout.ts';
import { Region } from '../../hydration/index.ts';
import { paths } from '../../shared/navigation/paths.ts';
import { reportSiteError } from '../../shared/site-platform/site-bridge-loader.ts';
import { useScrolledPast } from '../hooks/use-scrolled-past.ts';
import { BookACallButton } from './book-a-call-button.tsx';
import { logoRegion } from './logo-region.ts';
import { PrimaryNav } from './primary-nav.tsx';

type MobileMenuComponent = typeof import('./mobile-menu.tsx').MobileMenu;
let MobileMenu: MobileMenuComponent | undefined;
let menuChunk: Promise<MobileMenuComponent> | undefined;

/** The slide-in menu is its own chunk: wide screens never use it, and small ones fetch it while the page is idle. */
function loadMobileMenu(): Promise<MobileMenuComponent> {
  menuChunk ??= import(/* webpackChunkName: "mobile-menu" */ './mobile-menu.tsx').then(
    (m) => (MobileMenu = m.MobileMenu),
  );
  menuChunk.catch(() => {
    menuChunk = undefined;
  });
  return menuChunk;
}

/**
 * True once the menu's code is here. A small screen fetches it when idle (a failure there stays silent: the tap tries
 * again), so that the first tap opens the menu at once.
 */
function useMobileMenuReady(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (window.matchMedia?.('(min-width: 1024px)').matches) return;
    const prepare = () =>
      void loadMobileMenu().then(
        () => setReady(true),
        () => undefined,
      );
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(prepare, { timeout: 3000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(prepare, 1500);
    return () => clearTimeout(timer);
  }, []);
  return ready;
}

/**
 * The fixed header: transparent over the top of the page, opaque once the page is scrolled more than 50px
 * (docs/requirements.md, "Screens and routes"). Below the `lg` breakpoint the links move into a slide-in menu.
 */
export function SiteHeader() {
  const scrolled = useScrolledPast(layout.headerOpaqueAfterPx);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuReady = useMobileMenuReady();
  const [menuLoaded, setMenuLoaded] = useState(false);
  const openMenu = () =>
    loadMobileMenu().then(
      () => {
        setMenuLoaded(true);
        setMenuOpen(true);
      },
      // The menu's chunk did not load: the notice offers a reload (preload-error).
      reportSiteError,
    );
  const MenuPanel = menuReady || menuLoaded ? MobileMenu : undefined;
  const toggleRef = useRef<HTMLButtonElement>(null);
  const opaque = scrolled || menuOpen;

  return (
    <header
      data-scrolled={scrolled ? 'true' : 'false'}
      className={`fixed inset-x-0 top-0 z-40 border-b transition-[background-color,border-color,box-shadow] duration-200 ease-out ${
        opaque ? 'border-slate-200 bg-white shadow-sm' : 'border-transparent bg-transparent'
      }`}
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link href={paths.Index} className="-m-1 rounded-lg p-1" aria-label={`${brand.name}, home`}>
          <Region of={logoRegion} />
        </Link>
        <PrimaryNav
          className="hidden lg:block"
          listClassName="flex items-center gap-1"
          linkClassName="rounded-full px-3.5 py-2 text-sm font-medium text-slate-700 transition-colors duration-150 hover:bg-slate-900/5 hover:text-slate-900"
          activeClassName="text-brand-700"
        />
        <div className="flex items-center gap-2">
          <BookACallButton className={`${buttonStyles.primary} !min-h-10 !px-4 !text-sm max-sm:!hidden`} />
          <button
            ref={toggleRef}
            type="button"
            className="inline-flex size-11 items-center justify-center rounded-full text-slate-900 hover:bg-slate-900/5 lg:hidden"
            aria-label={navLabels.openMenu}
            aria-expanded={menuOpen}
            aria-controls={MenuPanel ? 'mobile-menu' : undefined}
            onClick={openMenu}
          >
            <Icon icon={Menu} className="size-6" />
          </button>
        </div>
      </div>
      {MenuPanel ? (
        <MenuPanel open={menuOpen} onClose={() => setMenuOpen(false)} returnFocusTo={toggleRef} />
      ) : null}
    </header>
  );
}
