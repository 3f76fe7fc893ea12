/** Texts of the checkout flow (spec §4, §8). */
export const checkoutText = {
  start: 'Get Started Now',
  loading: 'Loading...',
  failure: 'Failed to start checkout. Please try again.',
  continueLink: 'Continue to secure payment',
  continueHint: 'If the payment page did not open, use this link:',
} as const;
