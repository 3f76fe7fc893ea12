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
 * The methods a session offers: exactly the `named` ones of an older version's `payment_method_types`, else the
 * dashboard's (narrowed to `allowed`) that collect its currency (RULES.md, `bacs-gbp-only`).
 */
export function offeredMethods(
  dashboard: readonly PaymentMethodType[],
  currency: string,
  session: { allowed: readonly PaymentMethodType[] | null; named: readonly PaymentMethodType[] | null },
): PaymentMethodType[] {
  if (session.named) return [...session.named];
  return (session.allowed ?? dashboard).filter((method) => collects(method, currency));
}
