import { checkoutText } from '../content/checkout.ts';
import { dismissToast, showToast } from '../shared/toasts/toast-store.ts';
import { useCheckoutStore } from './checkout-store.ts';

/**
 * Inside the editor's frame, how long the page may stay in view after asking the top window to leave before a link is
 * offered: a browser may refuse a framed page's top navigation without telling it (no exception).
 */
export const CONTINUE_LINK_AFTER_MS = 1500;

/**
 * How long the page may stay after asking to leave before the navigation counts as not having happened: the link is
 * offered (if it is not already) and the button works again. Until then a press starts nothing (docs/security.md,
 * "HTTP faults and nothing lost"): a slow payment page must not let a second press open a second session.
 */
export const CHECKOUT_STAYED_MS = 10_000;

/**
 * What asking to leave did: `leaving` (this window or the top one is navigating; nothing tells whether it will
 * succeed but the page going away), `new-tab` (the top window refused, a tab opened), `blocked` (nothing happened).
 */
export type Departure = 'leaving' | 'new-tab' | 'blocked';

/**
 * At top level the page navigates itself; inside the editor's frame the top window navigates (never the iframe:
 * docs/security.md, "Redirects and untrusted values"), else a new tab opens. The tab is opened without `noopener`,
 * whose `window.open` answers null even when the tab did open, and is cut from this page at once (`opener = null`).
 */
function requestNavigation(url: string, win: Window): Departure {
  if (win.top === win) {
    try {
      win.location.assign(url);
      return 'leaving';
    } catch {
      return 'blocked';
    }
  }
  try {
    // A null top (a frame being removed) throws here too, into the same catch.
    (win.top as Window).location.href = url;
    return 'leaving';
  } catch {
    // The top window may not be navigated from here (a sandbox): a new tab instead.
  }
  let opened: Window | null = null;
  try {
    opened = win.open(url, '_blank');
  } catch {
    // A browser that throws instead of answering null: `opened` stays null, as when a blocker refuses the tab.
  }
  if (!opened) return 'blocked';
  try {
    opened.opener = null;
  } catch {
    // A browser that already cut it.
  }
  // Stryker disable next-line StringLiteral: only 'leaving' and 'blocked' are told apart from the rest.
  return 'new-tab';
}

/** A link to the payment page, for when the browser did not leave by itself. */
function offerContinueLink(url: string): string {
  return showToast({
    key: 'checkout-continue',
    tone: 'info',
    message: checkoutText.continueHint,
    link: { href: url, label: checkoutText.continueLink, target: '_top' },
  });
}

function releaseButton(): void {
  useCheckoutStore.setState({ pending: false });
}

/**
 * Leaves for the payment page, keeping the checkout's click-burst guard (`pending`) until the page is gone. The guard
 * is released, and the link offered, only when the navigation did not happen: refused outright, or the page still
 * here `CHECKOUT_STAYED_MS` later. Back from the provider through the back-forward cache, the button works again.
 */
export function goToCheckout(url: string, win: Window = window): void {
  const departure = requestNavigation(url, win);
  if (departure === 'blocked') {
    offerContinueLink(url);
    releaseButton();
    return;
  }

  // Dismisses the link once it is offered (it is offered once at most); null until then.
  let dismissLink: (() => void) | null = null;
  const offerLink = () => {
    const notice = offerContinueLink(url);
    dismissLink = () => dismissToast(notice);
  };
  // Stryker disable next-line ArrayDeclaration: clearing a timer id that was never set does nothing.
  const timers: number[] = [];
  const clearTimers = () => {
    for (const timer of timers) win.clearTimeout(timer);
  };
  const stopWatching = () => {
    clearTimers();
    // Stryker disable next-line StringLiteral: a pagehide left listening only clears timers that have already run.
    win.removeEventListener('pagehide', onPageHide);
    win.removeEventListener('pageshow', onPageShow);
  };
  // Gone, or frozen in the back-forward cache: the guard stays, nothing more to offer.
  const onPageHide = clearTimers;
  const onPageShow = (event: Event) => {
    if (!(event as PageTransitionEvent).persisted) return;
    stopWatching();
    dismissLink?.();
    releaseButton();
  };
  win.addEventListener('pagehide', onPageHide);
  win.addEventListener('pageshow', onPageShow);

  if (departure === 'leaving' && win.top !== win) {
    timers.push(
      win.setTimeout(() => {
        // Hidden: the visitor is elsewhere (a tab switch), and the later check still covers a refusal.
        if (win.document.visibilityState === 'visible') offerLink();
      }, CONTINUE_LINK_AFTER_MS),
    );
  }
  timers.push(
    win.setTimeout(() => {
      stopWatching();
      // A tab that opened is where the visitor pays: no link here.
      if (departure === 'leaving' && dismissLink === null) offerLink();
      releaseButton();
    }, CHECKOUT_STAYED_MS),
  );
}
