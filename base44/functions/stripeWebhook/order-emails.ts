/**
 * The agency's e-mails about an order: paid (what was charged today, the monthly fee and its first date), a Direct
 * Debit that failed, a renewal that failed, a cancellation. Amounts as £, dates as a UK reader writes them.
 */

import type { OrderFields } from './order-record.ts';
import type { OrderEmail } from './orders.ts';

const DATE = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/London',
});

/** 1772409600 or an ISO time → "2 March 2026". */
export function ukDate(time: number | string): string {
  return DATE.format(typeof time === 'number' ? new Date(time * 1000) : new Date(time));
}

/** The provider's currency codes are lower-case; Intl reads them in either case. */
function money(minorUnits: number, currency = 'gbp'): string {
  return new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(minorUnits / 100);
}

/**
 * Values come from the buyer; no control characters, C1 controls (U+0085 is a line break) or Unicode line and paragraph
 * separators: a line break could forge a header line in the subject or a line in the body.
 */
function clean(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point.
  return value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();
}

const capitalised = (name: string) => `${name.charAt(0).toUpperCase()}${name.slice(1)}`;

const packageName = (order: OrderFields) => (order.package ? capitalised(clean(order.package)) : 'not given');

function packageLabel(order: OrderFields): string {
  return order.package ? `${capitalised(clean(order.package))} package` : 'a package';
}

function buyer(order: OrderFields, name?: string): string {
  const email = order.customer_email ? clean(order.customer_email) : undefined;
  if (email && name) return `${clean(name)} <${email}>`;
  return email ?? (name ? clean(name) : 'not given');
}

const from = (order: OrderFields) => (order.customer_email ? clean(order.customer_email) : 'a customer');

/** "£199.00 per month from 28 February 2027", as far as the order knows it. */
function monthlyLine(order: OrderFields): string | undefined {
  const fee =
    order.monthly_amount === undefined
      ? 'The monthly fee'
      : `${money(order.monthly_amount, order.currency)} per month`;
  if (order.first_renewal_at) return `Then: ${fee} from ${ukDate(order.first_renewal_at)}`;
  return order.monthly_amount === undefined ? undefined : `Then: ${fee}`;
}

function email(to: string, subject: string, lines: (string | undefined)[]): OrderEmail {
  return { to, subject, body: `${lines.filter((line) => line !== undefined).join('\n')}\n` };
}

export function paidEmail(order: OrderFields, to: string, customerName?: string): OrderEmail {
  const today =
    order.amount_total === undefined ? 'amount not given' : money(order.amount_total, order.currency);
  const setup =
    order.setup_amount === undefined
      ? ''
      : order.setup_amount === order.amount_total
        ? ' (the one-time setup)'
        : ` (including the one-time setup of ${money(order.setup_amount, order.currency)})`;
  return email(to, `New paid order: ${packageLabel(order)}, ${today} today from ${from(order)}`, [
    'A new order has been paid on the website.',
    '',
    `Paid by: ${buyer(order, customerName)}`,
    `Package: ${packageName(order)}`,
    `Paid today: ${today}${setup}`,
    monthlyLine(order),
    `Checkout session: ${clean(order.session_id)}`,
    order.paid_at ? `Paid at: ${order.paid_at}` : undefined,
  ]);
}

export function directDebitFailedEmail(order: OrderFields, to: string): OrderEmail {
  const amount =
    order.amount_total === undefined ? 'the first payment' : money(order.amount_total, order.currency);
  return email(to, `Direct Debit failed: ${packageLabel(order)}, ${amount} from ${from(order)}`, [
    'A Bacs Direct Debit for a new order has failed: the buyer has not paid, and the subscription will not start.',
    '',
    `Buyer: ${buyer(order)}`,
    `Package: ${packageName(order)}`,
    `Amount that failed: ${amount}`,
    `Checkout session: ${clean(order.session_id)}`,
    order.failed_at ? `Failed at: ${order.failed_at}` : undefined,
  ]);
}

export function renewalFailedEmail(
  order: OrderFields,
  to: string,
  renewal: { invoiceId: string; amount: number; currency: string; dueS: number; nextAttemptS: number | null },
): OrderEmail {
  const amount = money(renewal.amount, renewal.currency);
  return email(to, `Renewal payment failed: ${packageLabel(order)}, ${amount} from ${from(order)}`, [
    `The monthly payment of ${amount} due on ${ukDate(renewal.dueS)} failed. The subscription is past due.`,
    renewal.nextAttemptS === null
      ? 'The payment provider will not try again by itself.'
      : `The payment provider tries again on ${ukDate(renewal.nextAttemptS)}.`,
    '',
    `Buyer: ${buyer(order)}`,
    `Package: ${packageName(order)}`,
    `Invoice: ${clean(renewal.invoiceId)}`,
    `Checkout session: ${clean(order.session_id)}`,
  ]);
}

/**
 * The same words whether the cancellation was first seen scheduled (ending at the period's end) or done, so that
 * the one e-mail does not depend on which event arrived first.
 */
export function cancellationEmail(order: OrderFields, to: string, endsS: number | null): OrderEmail {
  return email(to, `Subscription cancelled: ${packageLabel(order)} of ${from(order)}`, [
    `The monthly subscription was cancelled. ${endsS === null ? 'It does not renew.' : `It ends on ${ukDate(endsS)} and does not renew.`}`,
    '',
    `Buyer: ${buyer(order)}`,
    `Package: ${packageName(order)}`,
    `Checkout session: ${clean(order.session_id)}`,
  ]);
}
