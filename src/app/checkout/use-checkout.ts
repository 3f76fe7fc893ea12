import { useCallback } from 'react';
import { loadSitePlatform } from '../platform/load-site-platform.ts';
import { useCheckoutStore } from './checkout-store.ts';
import { startCheckout } from './start-checkout.ts';

/** The Pricing page's checkout: `pending` drives "Loading..." and the disabled button; `start` begins checkout. */
export function useCheckout(): { pending: boolean; start: () => void } {
  const pending = useCheckoutStore((state) => state.pending);
  const start = useCallback(() => {
    void startCheckout(loadSitePlatform);
  }, []);
  return { pending, start };
}
