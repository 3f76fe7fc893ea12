import { create } from 'zustand';

/** What the Pricing page shows of a checkout in progress. */
export interface CheckoutState {
  pending: boolean;
  /** Set when the browser did not leave the page (e.g. a blocked top-level navigation in a frame). */
  continueUrl: string | null;
}

export const useCheckoutStore = create<CheckoutState>()(() => ({ pending: false, continueUrl: null }));
