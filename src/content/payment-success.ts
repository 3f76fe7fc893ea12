import { oneDay } from './timing.ts';

/** The PaymentSuccess screen (docs/requirements.md, "Screens and routes"). */
export const paymentSuccess = {
  eyebrow: 'Payment confirmed',
  title: 'Thank you, you’re all set',
  intro: 'Your payment went through and your platform build is booked in.',
  referenceLabel: 'Order reference',
  referenceFallback: 'Your order reference is in the confirmation e-mail from our payment provider.',
  promise: `We will contact you within ${oneDay} to book your discovery call.`,
  backHome: 'Back to Home',
  questions: 'Questions in the meantime? E-mail us at',
} as const;

/**
 * docs/requirements.md, "Business constants and limits": the order reference is the last 12 characters of the
 * checkout's session_id.
 */
export const orderReferenceLength = 12;

/** Characters a payment provider's session id is made of; anything else is treated as a damaged link. */
const SESSION_ID = /^[A-Za-z0-9_-]+$/;

/**
 * The order reference from the query string (`?session_id=…`): its last 12 characters, or null when the parameter is
 * missing, empty or not a plausible session id (the page then shows a fallback line instead).
 */
export function orderReferenceFrom(search: string): string | null {
  const raw = new URLSearchParams(search).get('session_id')?.trim();
  if (!raw || !SESSION_ID.test(raw)) return null;
  return raw.slice(-orderReferenceLength);
}
