/** The checkout's state (src/shared/checkout/checkout-store.ts): how it starts and what a failed checkout does. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkoutText } from '../../../src/content/checkout.ts';
import { failCheckout, useCheckoutStore } from '../../../src/shared/checkout/checkout-store.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('checkout store (kills)', () => {
  // First in the file: the store as the page starts with it.
  it('starts with no checkout pending', () => {
    expect(useCheckoutStore.getState()).toEqual({ pending: false });
  });

  it('a failed checkout is logged with its error, alerted, and no longer pending', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const alerts: string[] = [];
    const win = { alert: (text: string) => alerts.push(text) } as unknown as Window;
    useCheckoutStore.setState({ pending: true });
    const error = new Error('createCheckout failed');
    failCheckout(error, win);
    expect(logged).toHaveBeenCalledWith('Checkout failed:', error);
    expect(alerts).toEqual([checkoutText.failure]);
    expect(useCheckoutStore.getState().pending).toBe(false);
  });
});
