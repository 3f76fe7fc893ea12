/** The Pricing page's checkout (src/checkout/use-checkout.ts) when the checkout's own chunk cannot load. */
import { act, renderHook } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { checkoutText } from '../../../src/content/checkout.ts';

// Loaded inside the test, after the chunk's failure is set up, as a page's first load does.
const load = async () => {
  vi.resetModules();
  const [{ useCheckout }, { useCheckoutStore }] = await Promise.all([
    import('../../../src/checkout/use-checkout.ts'),
    import('../../../src/checkout/checkout-store.ts'),
  ]);
  return { useCheckout, useCheckoutStore };
};

afterEach(() => {
  vi.doUnmock('../../../src/checkout/start-checkout.ts');
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

it('a checkout whose chunk cannot load alerts the visitor and gives the button back; start stays the same function', async () => {
  vi.doMock('../../../src/checkout/start-checkout.ts', () => {
    throw Object.assign(new Error('Loading chunk 9 failed.'), { name: 'ChunkLoadError' });
  });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const { useCheckout, useCheckoutStore } = await load();
  expect(useCheckoutStore.getState().pending).toBe(false);
  const alerts: string[] = [];
  vi.stubGlobal('alert', (text?: unknown) => void alerts.push(String(text)));
  const { result, rerender } = renderHook(() => useCheckout());
  const first = result.current.start;
  rerender();
  expect(result.current.start).toBe(first);
  act(() => result.current.start());
  expect(result.current.pending).toBe(true);
  await vi.waitFor(() => expect(alerts).toEqual([checkoutText.failure]));
  await vi.waitFor(() => expect(result.current.pending).toBe(false));
});
