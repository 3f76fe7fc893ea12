/**
 * The agency's e-mails about an order: paid (what was charged today, the monthly fee and its first date), a Direct
 * Debit that failed, a renewal that failed, a cancellation, an end after failed payments, a subscription left unpaid,
 * and a bank's dispute. Amounts as the provider writes them (£1,048.00), dates as a UK reader writes them.
 */

import { withoutHiddenCharacters } from '../../shared/hidden-characters.ts';
import type { OrderDispute, OrderFields } from './order-record.ts';
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
export function money(minorUnits: number, currency = 'gbp'): string {
  try {
    return new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(minorUnits / 100);
  } catch {
    return `${(minorUnits / 100).toFixed(2)} ${currency.toUpperCase().slice(0, 8)}`;
  }
}

/**
 * Values come from the buyer: a line break could forge a header line in the subject or a line in the body, and a
 * character nobody sees (a bidirectional control, a zero-width or default-ignorable character, a filler) would make
 * the text read otherwise than it is. The one rule for both is base44/shared/hidden-characters.ts.
 */
const clean = withoutHiddenCharacters;

/** The longest subject sent: short enough for any mail system, and for the platform's SendEmail (500). */
export const MAX_SUBJECT = 200;
/** The longest value (an address, a name, a package) quoted in a line. */
const MAX_VALUE = 120;

const short = (value: string, max = MAX_VALUE) => {
  const cleaned = clean(value);
  return cleaned.length > max ? `${cleaned.slice(0, max - 1)}…` : cleaned;
};

const capitalised = (name: string) => `${name.charAt(0).toUpperCase()}${name.slice(1)}`;

const packageName = (order: OrderFields) => (order.package ? capitalised(short(order.package)) : 'not given');

function packageLabel(order: OrderFields): string {
  return order.package ? `${capitalised(short(order.package))} package` : 'a package';
}

function buyer(order: OrderFields): string {
  const email = order.customer_email ? short(order.customer_email) : undefined;
  const name = order.customer_name ? short(order.customer_name) : undefined;
  if (email && name) return `${name} <${email}>`;
  return email ?? name ?? 'not given';
}

const from = (order: OrderFields) => (order.customer_email ? short(order.customer_email) : 'a customer');

/** "Then: £199.00 per month from 27 December 2026", as far as the order knows it. */
function monthlyLine(order: OrderFields): string | undefined {
  const fee =
    order.monthly_amount === undefined
      ? 'The monthly fee'
      : `${money(order.monthly_amount, order.currency)} per month`;
  if (order.first_renewal_at) return `Then: ${fee} from ${ukDate(order.first_renewal_at)}`;
  return order.monthly_amount === undefined ? undefined : `Then: ${fee}`;
}

function references(order: OrderFields): string[] {
  return [
    ...(order.session_id ? [`Checkout session: ${short(order.session_id)}`] : []),
    `Subscription: ${short(order.subscription_id)}`,
  ];
}

function email(to: string, subject: string, lines: (string | undefined)[]): OrderEmail {
  const oneLine = clean(subject);
  return {
    to,
    subject: oneLine.length > MAX_SUBJECT ? `${oneLine.slice(0, MAX_SUBJECT - 1)}…` : oneLine,
    body: `${lines.filter((line) => line !== undefined).join('\n')}\n`,
  };
}

export function paidEmail(order: OrderFields, to: string): OrderEmail {
  const today =
    order.amount_total === undefined ? 'amount not given' : money(order.amount_total, order.currency);
  return email(to, `New paid order: ${packageLabel(order)}, ${today} today from ${from(order)}`, [
    'A new order has been paid on the website.',
    '',
    `Paid by: ${buyer(order)}`,
    `Package: ${packageName(order)}`,
    `Paid today: ${today} (the one-time setup)`,
    monthlyLine(order),
    ...references(order),
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
    ...references(order),
    order.failed_at ? `Failed at: ${order.failed_at}` : undefined,
  ]);
}

export interface RenewalFailure {
  invoiceId: string;
  amount: number;
  currency: string;
  dueS: number;
  nextAttemptS: number | null;
}

export function renewalFailedEmail(order: OrderFields, to: string, renewal: RenewalFailure): OrderEmail {
  const amount = money(renewal.amount, renewal.currency);
  return email(to, `Renewal payment failed: ${packageLabel(order)}, ${amount} from ${from(order)}`, [
    `The monthly payment of ${amount} due on ${ukDate(renewal.dueS)} failed. The subscription is past due.`,
    renewal.nextAttemptS === null
      ? 'The payment provider will not try again by itself (a Direct Debit is not retried); contact the buyer.'
      : `The payment provider tries again on ${ukDate(renewal.nextAttemptS)}.`,
    '',
    `Buyer: ${buyer(order)}`,
    `Package: ${packageName(order)}`,
    `Invoice: ${short(renewal.invoiceId)}`,
    ...references(order),
  ]);
}

/**
 * The same words whether the cancellation was first seen scheduled (ending on a date) or done, so that the one e-mail
 * does not depend on which event arrived first.
 */
export function cancellationEmail(order: OrderFields, to: string, endsAt: string | null): OrderEmail {
  return email(to, `Subscription cancelled: ${packageLabel(order)} of ${from(order)}`, [
    `The monthly subscription was cancelled. ${endsAt === null ? 'It does not renew.' : `It ends on ${ukDate(endsAt)} and does not renew.`}`,
    '',
    `Buyer: ${buyer(order)}`,
    `Package: ${packageName(order)}`,
    ...references(order),
  ]);
}

export function endedUnpaidEmail(order: OrderFields, to: string): OrderEmail {
  return email(to, `Subscription ended after failed payments: ${packageLabel(order)} of ${from(order)}`, [
    `The monthly subscription has ended${order.ended_at ? ` (${ukDate(order.ended_at)})` : ''}: its payment kept failing and the payment provider stopped trying, as the account's settings say.`,
    '',
    `Buyer: ${buyer(order)}`,
    `Package: ${packageName(order)}`,
    ...references(order),
  ]);
}

export function unpaidEmail(order: OrderFields, to: string): OrderEmail {
  return email(to, `Subscription unpaid: ${packageLabel(order)} of ${from(order)}`, [
    'The monthly payment kept failing and the payment provider stopped trying. The subscription is marked unpaid: it stays, but no further payment is attempted until the buyer pays.',
    '',
    `Buyer: ${buyer(order)}`,
    `Package: ${packageName(order)}`,
    ...references(order),
  ]);
}

export function disputeEmail(order: OrderFields, to: string, dispute: OrderDispute): OrderEmail {
  const amount = money(dispute.amount, dispute.currency);
  return email(to, `Payment disputed: ${amount} of ${packageLabel(order)} from ${from(order)}`, [
    `The buyer's bank has taken back a payment of ${amount} (reason: ${short(dispute.reason)}). The amount has been deducted from the account's balance.`,
    "A Bacs Direct Debit dispute is final and cannot be contested: contact the buyer to settle it. A card dispute can be answered with evidence in the payment provider's dashboard.",
    '',
    `Buyer: ${buyer(order)}`,
    `Package: ${packageName(order)}`,
    `Dispute: ${short(dispute.id)}`,
    ...references(order),
  ]);
}
