/**
 * The payment methods the double's hosted page simulates: card (paid at once) and Bacs Direct Debit (the session
 * completes unpaid and settles days later through the control API). Which a session offers comes from the account's
 * dashboard settings unless the session names `payment_method_types`, as on the provider.
 */
import type { FormValue } from '../api/form-decode.ts';
import { invalidRequest } from '../api/provider-error.ts';

export const PAYMENT_METHOD_TYPES = ['card', 'bacs_debit'] as const;
export type PaymentMethodType = (typeof PAYMENT_METHOD_TYPES)[number];

/** What the hosted page calls each method. */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethodType, string> = {
  card: 'Card',
  bacs_debit: 'Bacs Direct Debit (settles in a few days)',
};

/** Bacs Direct Debit collects pounds sterling only. */
const BACS_CURRENCY = 'gbp';

const isType = (value: string): value is PaymentMethodType =>
  (PAYMENT_METHOD_TYPES as readonly string[]).includes(value);

/** `payment_method_types[]`: each one the double simulates, Bacs only for GBP; absent = null (dashboard settings). */
export function paymentMethodTypesOf(
  value: FormValue | undefined,
  currency: string,
): PaymentMethodType[] | null {
  const param = 'payment_method_types';
  if (value === undefined || value === '') return null;
  if (!Array.isArray(value) || value.length === 0) throw invalidRequest('Invalid array', param);
  const types: PaymentMethodType[] = [];
  for (const [i, entry] of value.entries()) {
    if (typeof entry !== 'string') throw invalidRequest('Invalid string', `${param}[${i}]`);
    if (!isType(entry))
      throw invalidRequest(
        `The payment method type ${JSON.stringify(entry.slice(0, 40))} is not simulated by the local double (it knows ${PAYMENT_METHOD_TYPES.join(', ')})`,
        `${param}[${i}]`,
      );
    if (!types.includes(entry)) types.push(entry);
  }
  if (types.includes('bacs_debit') && currency !== BACS_CURRENCY)
    throw invalidRequest(
      `The currency provided (${currency}) is invalid for one or more payment method types on this Checkout Session: bacs_debit accepts gbp only.`,
      param,
    );
  return types;
}

/**
 * The methods a session offers: the ones it names, else the dashboard's. The harness's account has Bacs Direct Debit
 * turned on (docs/deploy.md), so a GBP session offers card and Bacs, any other currency card only.
 */
export function offeredMethods(
  named: readonly PaymentMethodType[] | null,
  currency: string,
): PaymentMethodType[] {
  if (named) return [...named];
  return currency === BACS_CURRENCY ? ['card', 'bacs_debit'] : ['card'];
}

/**
 * The method the buyer chose on the hosted page: one the session offers, else null. None given (a tool posting the
 * form) is the page's preselected first method.
 */
export function chosenMethod(
  value: unknown,
  offered: readonly PaymentMethodType[],
): PaymentMethodType | null {
  if (value === undefined || value === '') return offered[0] ?? null;
  return typeof value === 'string' && isType(value) && offered.includes(value) ? value : null;
}
