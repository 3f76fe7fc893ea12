/** The checkout's state (src/checkout/checkout-store.ts): how a page starts it and what a failed checkout does. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failCheckout, useCheckoutStore } from '../../../src/checkout/checkout-store.ts';
import { checkoutText } from '../../../src/content/checkout.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the checkout store', () => {
  // First in the file: the store as the page starts with it.
  it('a page starts with no checkout pending, and nothing else in the state', async () => {
    expect(useCheckoutStore.getState()).toStrictEqual({ pending: false });
    // As a page's first load creates it.
    vi.resetModules();
    const fresh = await import('../../../src/checkout/checkout-store.ts');
    expect(fresh.useCheckoutStore.getState()).toStrictEqual({ pending: false });
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
