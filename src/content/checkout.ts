/** The identifier of the one package, sent to checkout (docs/requirements.md, "Business constants and limits"). */
export const packageId = 'gold';

/**
 * The checkout button's texts and the line under it (docs/requirements.md, "Screens and routes"), apart from the rest
 * of Pricing's texts.
 */
export const checkoutButtonText = {
  getStarted: 'Get Started Now',
  loading: 'Loading...',
  securePayment: 'Secure card payment. You will be taken to our payment provider.',
} as const;

/** Texts of the checkout flow's failures (docs/requirements.md, "The error catalogue"). */
export const checkoutText = {
  failure: 'Failed to start checkout. Please try again.',
  continueLink: 'Continue to secure payment',
  continueHint: 'If the payment page did not open, use this link:',
} as const;
