import { loadSitePlatform } from '../shared/site-platform/load-site-platform.ts';
import { failCheckout, useCheckoutStore } from './checkout-store.ts';

/**
 * The checkout's code travels in the platform's chunk, which every page loads at startup: it is there by the time
 * the button is pressed, and not part of the page's own JavaScript.
 */
const loadCheckout = () => import(/* webpackChunkName: "platform" */ './start-checkout.ts');

/** Begins checkout; one function for the page's lifetime, so the button's `onStart` never changes. */
function start(): void {
  // Set at once, so that a double click (or a press replayed after hydration) makes one createCheckout call.
  if (useCheckoutStore.getState().pending) return;
  useCheckoutStore.setState({ pending: true });
  loadCheckout().then(
    ({ runCheckout }) => runCheckout(loadSitePlatform),
    (error: unknown) => failCheckout(error),
  );
}

/** The Pricing page's checkout: `pending` drives "Loading..." and the disabled button; `start` begins checkout. */
export function useCheckout(): { pending: boolean; start: () => void } {
  const pending = useCheckoutStore((state) => state.pending);
  return { pending, start };
}
