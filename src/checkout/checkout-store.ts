import { create } from 'zustand';
import { checkoutText } from '../content/checkout.ts';

/** What the Pricing page shows of a checkout in progress. */
export interface CheckoutState {
  pending: boolean;
}

export const useCheckoutStore = create<CheckoutState>()(() => ({ pending: false }));

/** A checkout that cannot go on: the error is logged, the visitor gets the alert and a working button again. */
export function failCheckout(error: unknown, win: Window = window): void {
  console.error('Checkout failed:', error);
  win.alert(checkoutText.failure);
  useCheckoutStore.setState({ pending: false });
}
