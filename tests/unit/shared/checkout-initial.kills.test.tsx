/**
 * The Pricing page's checkout before any press (src/shared/checkout/checkout-store.ts, read through use-checkout.ts):
 * the button works, reads "Get Started Now" and is not busy. The store is imported statically so that a change to its
 * first state (made when the module loads) reaches this file.
 */
import { render, renderHook, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { checkoutButtonText } from '../../../src/content/checkout.ts';
import { CheckoutButton } from '../../../src/sections/pricing/checkout-button.tsx';
import { useCheckoutStore } from '../../../src/shared/checkout/checkout-store.ts';
import { useCheckout } from '../../../src/shared/checkout/use-checkout.ts';

function Pricing() {
  const { pending, start } = useCheckout();
  return <CheckoutButton pending={pending} onStart={start} />;
}

// Nothing in this file presses the button or sets the store: each test sees the state the page starts with.
it('before any press the page gets pending: false, exactly', () => {
  const { result } = renderHook(() => useCheckout());
  expect(result.current.pending).toBe(false);
  expect(useCheckoutStore.getState()).toStrictEqual({ pending: false });
});

it('before any press Get Started Now is enabled, not busy, and says so', () => {
  render(<Pricing />);
  const button = screen.getByTestId('checkout-button');
  expect(button.hasAttribute('disabled')).toBe(false);
  expect(button.getAttribute('aria-busy')).toBe('false');
  expect(button.textContent).toBe(checkoutButtonText.getStarted);
});
