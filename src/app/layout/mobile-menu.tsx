import { X } from 'lucide';
import { type KeyboardEvent, type RefObject, type SyntheticEvent, useEffect, useRef } from 'react';
import { buttonStyles } from '../../components/button-styles.ts';
import { Icon } from '../../components/icon.tsx';
import { navLabels } from '../../content/layout.ts';
import { useBodyScrollLock } from '../hooks/use-body-scroll-lock.ts';
import { BookACallButton } from './book-a-call-button.tsx';
import { PrimaryNav } from './primary-nav.tsx';

interface MobileMenuProps {
  open: boolean;
  onClose: () => void;
  /** Where focus goes back to when the menu closes (the menu button). */
  returnFocusTo: RefObject<HTMLElement | null>;
}

const focusableSelector = 'a[href], button:not([disabled])';
/** The slide-out's length (`duration-200` below): the dialog leaves the top layer once it is over. */
const SLIDE_OUT_MS = 200;

/**
 * The slide-in menu of small screens, a native modal `<dialog>` (`showModal()`): the browser makes the rest of the
 * page inert and turns Escape into `cancel`. The page's scroll is locked, Tab stays inside (the browser would let it
 * reach its own toolbar), and a link, Escape or the backdrop close it, giving focus back to the menu button.
 */
export function MobileMenu({ open, onClose, returnFocusTo }: MobileMenuProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const wasOpen = useRef(false);
  useBodyScrollLock(open);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open) {
      wasOpen.current = true;
      if (!dialog.open) dialog.showModal();
      panelRef.current?.querySelector<HTMLElement>(focusableSelector)?.focus();
      return;
    }
    if (!wasOpen.current) return;
    wasOpen.current = false;
    // Slides out first (the classes below), then leaves the top layer.
    const timer = window.setTimeout(() => {
      if (dialog.open) dialog.close();
      returnFocusTo.current?.focus();
    }, SLIDE_OUT_MS);
    return () => window.clearTimeout(timer);
  }, [open, returnFocusTo]);

  // Escape: the slide-out runs as for any other way of closing.
  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    onClose();
  };

  const trapTab = (event: KeyboardEvent<HTMLDialogElement>) => {
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
    <dialog
      id="mobile-menu"
      ref={dialogRef}
      aria-label={navLabels.menu}
      onCancel={onCancel}
      // Closed by the browser itself (a repeated Escape may skip `cancel`): the state follows.
      onClose={() => open && onClose()}
      onKeyDown={trapTab}
      className="m-0 size-full max-h-none max-w-none overflow-hidden bg-transparent p-0 backdrop:bg-transparent"
    >
      <button
        type="button"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="mobile-menu-backdrop"
        className={`fixed inset-0 bg-slate-950/40 transition-opacity duration-200 ease-out starting:opacity-0 ${open ? 'opacity-100' : 'opacity-0'}`}
        onClick={onClose}
      />
      <div
        ref={panelRef}
        className={`fixed inset-y-0 right-0 flex w-80 max-w-[85vw] flex-col bg-white shadow-lg transition-transform duration-200 ease-out starting:translate-x-full ${
          open ? 'translate-x-0' : 'translate-x-full'
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
        <PrimaryNav
          className="flex-1 overflow-y-auto px-4 py-4"
          listClassName="flex flex-col gap-1"
          linkClassName="flex min-h-12 items-center rounded-xl px-3 text-lg font-medium text-slate-800 hover:bg-slate-100"
          activeClassName="bg-brand-50 text-brand-700"
          onNavigate={onClose}
        />
        <div className="border-t border-slate-200 p-4">
          <BookACallButton className={`${buttonStyles.primary} w-full`} onNavigate={onClose} />
        </div>
      </div>
    </dialog>
  );
}
