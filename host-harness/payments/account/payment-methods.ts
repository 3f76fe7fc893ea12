/** The payment methods the double simulates, and which a session offers. */
export const PAYMENT_METHOD_TYPES = ['card', 'bacs_debit'] as const;
export type PaymentMethodType = (typeof PAYMENT_METHOD_TYPES)[number];

export const BACS_CURRENCY = 'gbp';

export const isPaymentMethodType = (value: unknown): value is PaymentMethodType =>
  (PAYMENT_METHOD_TYPES as readonly unknown[]).includes(value);

/** Whether a method can collect `currency`. */
export const collects = (method: PaymentMethodType, currency: string) =>
  method !== 'bacs_debit' || currency === BACS_CURRENCY;

/**
 * The methods a session offers: the dashboard's methods that collect its currency, narrowed to `allowed` when
 * the session names `allowed_payment_method_types` ("filters the list to only compatible payment methods
 * based on other parameters such as currency", docs.stripe.com/changelog/endive/2026-09-30/remove-payment-
 * method-types-checkout-sessions), or exactly the `named` ones of an older API version's
 * `payment_method_types`.
 */
export function offeredMethods(
  dashboard: readonly PaymentMethodType[],
  currency: string,
  session: { allowed: readonly PaymentMethodType[] | null; named: readonly PaymentMethodType[] | null },
): PaymentMethodType[] {
  if (session.named) return [...session.named];
  const candidates = session.allowed ?? dashboard;
  return candidates.filter((method) => collects(method, currency));
}
