import { X } from 'lucide';
import { type KeyboardEvent, type RefObject, useEffect, useRef } from 'react';
import { buttonStyles } from '../../components/button-styles.ts';
import { Icon } from '../../components/icon.tsx';
import { navLabels } from '../../content/layout.ts';
import { useBodyScrollLock } from '../hooks/use-body-scroll-lock.ts';
import { navPages } from '../paths.ts';
import { BookACallButton } from './book-a-call-button.tsx';
import { NavLink } from './nav-link.tsx';

interface MobileMenuProps {
  open: boolean;
  onClose: () => void;
  /** Where focus goes back to when the menu closes (the menu button). */
  returnFocusTo: RefObject<HTMLElement | null>;
}

const focusableSelector = 'a[href], button:not([disabled])';

/**
 * The slide-in menu of small screens: a modal dialog that locks the page's scroll, takes focus while open (Tab stays
 * inside), and closes on a link, on Escape and on the backdrop, giving focus back to the menu button.
 */
export function MobileMenu({ open, onClose, returnFocusTo }: MobileMenuProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const wasOpen = useRef(false);
  useBodyScrollLock(open);

  useEffect(() => {
    if (open) {
      wasOpen.current = true;
      panelRef.current?.querySelector<HTMLElement>(focusableSelector)?.focus();
    } else if (wasOpen.current) {
      wasOpen.current = false;
      returnFocusTo.current?.focus();
    }
  }, [open, returnFocusTo]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);

  const trapTab = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || !panelRef.current) return;
    const items = [...panelRef.current.querySelectorAll<HTMLElement>(focusableSelector)];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className={`lg:hidden ${open ? '' : 'pointer-events-none'}`} inert={!open}>
      <button
        type="button"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="mobile-menu-backdrop"
        className={`fixed inset-0 z-40 bg-slate-950/40 transition-opacity duration-200 ease-out ${open ? 'opacity-100' : 'opacity-0'}`}
        onClick={onClose}
      />
      <div
        id="mobile-menu"
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-label={navLabels.menu}
        aria-hidden={!open}
        onKeyDown={trapTab}
        // Visible at once when opening (so focus can move in), hidden only after the slide-out when closing.
        className={`fixed inset-y-0 right-0 z-50 flex w-80 max-w-[85vw] flex-col bg-white shadow-lg duration-200 ease-out ${
          open
            ? 'visible translate-x-0 transition-transform'
            : 'invisible translate-x-full transition-[transform,visibility]'
        }`}
      >
        <div className="flex h-16 items-center justify-between border-b border-slate-200 px-4">
          <span className="text-base font-semibold text-slate-900">{navLabels.menu}</span>
          <button
            type="button"
            className="inline-flex size-11 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100"
            aria-label={navLabels.closeMenu}
            onClick={onClose}
          >
            <Icon icon={X} className="size-6" />
          </button>
        </div>
        <nav aria-label={navLabels.primaryNav} className="flex-1 overflow-y-auto px-4 py-4">
          <ul className="flex flex-col gap-1">
            {navPages.map((page) => (
              <li key={page}>
                <NavLink
                  page={page}
                  onNavigate={onClose}
                  className="flex min-h-12 items-center rounded-xl px-3 text-lg font-medium text-slate-800 hover:bg-slate-100"
                  activeClassName="bg-brand-50 text-brand-700"
                >
                  {page}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="border-t border-slate-200 p-4">
          <BookACallButton className={`${buttonStyles.primary} w-full`} onNavigate={onClose} />
        </div>
      </div>
    </div>
  );
}
