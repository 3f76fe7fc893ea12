/**
 * The hosted page as HTML: each line item with its price, what is due today and what follows, computed by the
 * provider's rules (billing/billing-terms.ts); while the session is open, who pays, how, and Pay and Cancel.
 */
import { escapeHtml } from '../../src/serving/page-shell.ts';
import { isPaymentMethodType, type PaymentMethodType } from '../account/payment-methods.ts';
import { type ChargeTerms, chargeTerms } from '../billing/billing-terms.ts';
import { pricedLine } from '../checkout/checkout-session.ts';
import type { CheckoutRecord } from '../checkout/checkout-session-store.ts';
import { sessionStatus } from '../checkout/session-status.ts';
import { formatAmount, formatDate, formatTime, periodLabel } from './display-format.ts';

export const TITLE = 'Checkout';
export const MAX_EMAIL_LENGTH = 254;

/** What the page calls each method. */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethodType, string> = {
  card: 'Card',
  bacs_debit: 'Bacs Direct Debit (settles in a few days)',
};

/** The session's terms as of `nowS` (the moment a buyer paying now would start the subscription). */
export function termsOf(record: CheckoutRecord, nowS: number): ChargeTerms {
  return chargeTerms(record.line_items.map(pricedLine), record.subscription_data, nowS);
}

/** The methods the session offers (its `payment_method_types`, as the provider filled them when it was created). */
export function methodsOf(record: CheckoutRecord): PaymentMethodType[] {
  return record.session.payment_method_types.filter(isPaymentMethodType);
}

/** Each line with what it costs: the one-time price, or the recurring one per period (free until the trial ends). */
function lineRows(record: CheckoutRecord, terms: ChargeTerms, currency: string): string {
  return record.line_items
    .map((item, i) => {
      const price = item.price;
      const full = (price?.unit_amount ?? 0) * (item.quantity ?? 1);
      const today = terms.todayByLine[i] ?? full;
      let amount = formatAmount(full, currency);
      if (price?.recurring) {
        amount += ` ${periodLabel(price.recurring.interval, price.recurring.interval_count)}`;
        if (terms.trialEndS !== null) amount += `, free until ${formatDate(terms.trialEndS)}`;
        else if (today !== full) amount += ` (${formatAmount(today, currency)} today)`;
      }
      return `<li><span class="package">${escapeHtml(item.description ?? '')}</span> <span class="amount">${escapeHtml(amount)}</span></li>`;
    })
    .join('\n');
}

/** "then £199.00 per month from 27 December 2026"; empty without recurring prices (the terms have both or neither). */
function thenLine({ recurring, firstRenewalS }: ChargeTerms, currency: string): string {
  if (!recurring) return '';
  const period = periodLabel(recurring.interval, recurring.intervalCount);
  const text = `then ${formatAmount(recurring.amount, currency)} ${period} from ${formatDate(firstRenewalS!)}`;
  return `<p class="then">${escapeHtml(text)}</p>`;
}

const methodChoice = (
  methods: readonly PaymentMethodType[],
) => `<fieldset class="methods"><legend>Pay with</legend>
${methods
  .map(
    (method, i) =>
      `<label class="choice"><input type="radio" form="pay-form" name="payment_method" value="${method}"${i === 0 ? ' checked' : ''}> ${escapeHtml(PAYMENT_METHOD_LABELS[method])}</label>`,
  )
  .join('\n')}
</fieldset>`;

const STATUS_TEXT: Record<string, string> = {
  expired:
    'This checkout session has expired: it can no longer be paid. Go back to the site and start again.',
  cancelled: 'This checkout session was cancelled.',
};

export function payBody(record: CheckoutRecord, nowS: number, problem?: string): string {
  const { session } = record;
  const currency = session.currency ?? 'gbp';
  const status = sessionStatus(record);
  const open = status === 'open';
  // A session with a subscription shows the terms it was paid on (its start), any other those of paying now.
  const terms = termsOf(record, record.subscription?.start_date ?? nowS);
  const action = `/__harness/pay/${encodeURIComponent(session.id)}`;
  // Like the provider's hosted page, it asks who is paying (prefilled with the session's customer_email); the
  // completed session carries it as customer_details.email.
  const buyer = `<label for="email">Email</label>
<input id="email" form="pay-form" type="email" name="email" autocomplete="email" required maxlength="${MAX_EMAIL_LENGTH}" value="${escapeHtml(session.customer_email ?? '')}">`;
  const cancel = session.cancel_url
    ? `<form method="post" action="${action}/cancel"><button type="submit" class="secondary">Cancel</button></form>`
    : '';
  const buttons = open
    ? `<div class="actions">
<form id="pay-form" method="post" action="${action}/pay"><button type="submit" class="primary">Pay</button></form>
${cancel}
</div>`
    : `<p class="error" role="alert">${escapeHtml(STATUS_TEXT[status] ?? `This checkout session is ${status}.`)}</p>`;
  const expires = open
    ? `<p class="ref">This page expires at ${escapeHtml(formatTime(session.expires_at))} on ${escapeHtml(formatDate(session.expires_at))}.</p>`
    : '';
  return `<h1>${TITLE}</h1>
<p class="note">This is the local emulator's stand-in for the payment provider. No card or bank account is asked for and nothing is charged.</p>
${problem ? `<p class="error" role="alert">${escapeHtml(problem)}</p>` : ''}
<ul class="lines">
${lineRows(record, terms, currency)}
</ul>
<p class="price">Due today ${escapeHtml(formatAmount(terms.dueToday, currency))}</p>
${thenLine(terms, currency)}
<p class="ref">Session ${escapeHtml(session.id)}</p>
${expires}
${open ? `${buyer}\n${methodChoice(methodsOf(record))}` : ''}
${buttons}`;
}
