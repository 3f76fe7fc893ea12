import { packageId } from '../content/checkout.ts';
import type { SitePlatform } from '../shared/site-platform/site-platform.ts';
import { siteConfig } from '../site-config.ts';
import { failCheckout } from './checkout-store.ts';
import { isAllowedCheckoutUrl } from './checkout-url.ts';
import { goToCheckout } from './leave-for-checkout.ts';

/**
 * A createCheckout call that hangs must not hold "Loading..." forever (docs/security.md,
 * "HTTP faults and nothing lost"): after this long it is aborted (so a late answer cannot navigate) and the visitor
 * gets the alert and a working button.
 */
export const CHECKOUT_CALL_TIMEOUT_MS = 8000;

export class CheckoutRedirectError extends Error {
  override name = 'CheckoutRedirectError';
}

/**
 * Get Started Now (docs/requirements.md, "States and transitions"), once `useCheckout` has set the loading flag
 * (synchronously, so that a click burst makes one `createCheckout` call). On success the browser goes to the provider,
 * and the flag stays set until the page is gone (`goToCheckout`); on any failure, or an answer pointing anywhere but
 * the provider, the visitor gets the alert, the error is logged and the flag is cleared.
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
      { timeout: CHECKOUT_CALL_TIMEOUT_MS },
    );
    const url = data?.url;
    if (!isAllowedCheckoutUrl(url, siteConfig.checkoutOrigins)) {
      throw new CheckoutRedirectError('The checkout answer did not point at the payment provider');
    }
    goToCheckout(url, win);
  } catch (error) {
    failCheckout(error, win);
  }
}
