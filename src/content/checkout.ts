/** Texts of the checkout flow's failures (spec §8); the button's texts are in `pricing.ts`. */
export const checkoutText = {
  failure: 'Failed to start checkout. Please try again.',
  continueLink: 'Continue to secure payment',
  continueHint: 'If the payment page did not open, use this link:',
} as const;
