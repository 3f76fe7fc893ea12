import { create } from 'zustand';

/** What the Pricing page shows of a checkout in progress. */
export interface CheckoutState {
  pending: boolean;
}

export const useCheckoutStore = create<CheckoutState>()(() => ({ pending: false }));
