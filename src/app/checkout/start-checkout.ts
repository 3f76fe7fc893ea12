import { checkoutText, packageId } from '../../content/checkout.ts';
import { siteConfig } from '../../site-config.ts';
import type { SitePlatform } from '../platform/site-platform.ts';
import { showToast } from '../toasts/toast-store.ts';
import { failCheckout, useCheckoutStore } from './checkout-store.ts';
import { isAllowedCheckoutUrl } from './checkout-url.ts';

/** How long to wait for the browser to leave before offering a link (a framed page may be blocked). */
const CONTINUE_LINK_AFTER_MS = 1500;

/**
 * A createCheckout call that hangs must not hold "Loading..." forever (security rules 16 and 17): after this long it
 * is aborted (so a late answer cannot navigate) and the visitor gets the alert and a working button.
 */
export const CHECKOUT_CALL_TIMEOUT_MS = 8000;

/** A link to the payment page, for when the browser did not leave by itself (e.g. blocked in a frame). */
function offerContinueLink(url: string): void {
  showToast({
    key: 'checkout-continue',
    tone: 'info',
    message: checkoutText.continueHint,
    link: { href: url, label: checkoutText.continueLink, target: '_top' },
  });
}

export class CheckoutRedirectError extends Error {
  override name = 'CheckoutRedirectError';
}

/**
 * Leaves for the payment page. At top level the page navigates itself; inside the editor's frame the top window
 * navigates (never the iframe: rule 9), else a new tab opens; if both are blocked, a link is offered.
 */
export function goToCheckout(url: string, win: Window = window): void {
  const framed = win.top !== win;
  if (!framed) {
    win.location.assign(url);
  } else {
    let left = false;
    try {
      if (win.top) {
        win.top.location.href = url;
        left = true;
      }
    } catch {
      left = false;
    }
    if (!left) left = win.open(url, '_blank', 'noopener,noreferrer') !== null;
    if (!left) {
      offerContinueLink(url);
      return;
    }
  }
  win.setTimeout(() => offerContinueLink(url), CONTINUE_LINK_AFTER_MS);
}

/**
 * Get Started Now (spec §4), once `useCheckout` has set the loading flag (synchronously, so that a click burst makes
 * one `createCheckout` call): the flag is cleared afterwards. On success the browser goes to the provider; on any
 * failure, or an answer pointing anywhere but the provider, the visitor gets the alert and the error is logged.
 */
export async function runCheckout(
  loadPlatform: () => Promise<SitePlatform>,
  win: Window = window,
): Promise<void> {
  try {
    const platform = await loadPlatform();
    const { data } = await platform.functions.invoke<{ url?: unknown }>(
      'createCheckout',
      { packageName: packageId },
      { signal: AbortSignal.timeout(CHECKOUT_CALL_TIMEOUT_MS) },
    );
    const url = data?.url;
    if (!isAllowedCheckoutUrl(url, siteConfig.checkoutOrigins)) {
      throw new CheckoutRedirectError('The checkout answer did not point at the payment provider');
    }
    goToCheckout(url, win);
    useCheckoutStore.setState({ pending: false });
  } catch (error) {
    failCheckout(error, win);
  }
}
