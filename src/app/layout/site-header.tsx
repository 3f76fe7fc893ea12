import { Menu } from 'lucide';
import { useRef, useState } from 'react';
import { Link } from 'wouter';
import { buttonStyles } from '../../components/button-styles.ts';
import { Icon } from '../../components/icon.tsx';
import { Logo } from '../../components/logo.tsx';
import { brand } from '../../content/brand.ts';
import { layout, navLabels } from '../../content/layout.ts';
import { useScrolledPast } from '../hooks/use-scrolled-past.ts';
import { navPages, paths } from '../paths.ts';
import { BookACallButton } from './book-a-call-button.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { NavLink } from './nav-link.tsx';

/**
 * The fixed header: transparent over the top of the page, opaque once the page is scrolled more than 50px (spec §2).
 * Below the `lg` breakpoint the links move into a slide-in menu.
 */
export function SiteHeader() {
  const scrolled = useScrolledPast(layout.headerOpaqueAfterPx);
  const [menuOpen, setMenuOpen] = useState(false);
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
          <Logo />
        </Link>
        <nav aria-label={navLabels.primaryNav} className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {navPages.map((page) => (
              <li key={page}>
                <NavLink
                  page={page}
                  className="rounded-full px-3.5 py-2 text-sm font-medium text-slate-700 transition-colors duration-150 hover:bg-slate-900/5 hover:text-slate-900"
                  activeClassName="text-brand-700"
                >
                  {page}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          <BookACallButton className={`${buttonStyles.primary} !min-h-10 !px-4 !text-sm max-sm:!hidden`} />
          <button
            ref={toggleRef}
            type="button"
            className="inline-flex size-11 items-center justify-center rounded-full text-slate-900 hover:bg-slate-900/5 lg:hidden"
            aria-label={navLabels.openMenu}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen(true)}
          >
            <Icon icon={Menu} className="size-6" />
          </button>
        </div>
      </div>
      <MobileMenu open={menuOpen} onClose={() => setMenuOpen(false)} returnFocusTo={toggleRef} />
    </header>
  );
}
