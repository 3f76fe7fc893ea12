/**
 * A subscription's invoices through their life: a draft (no number, finalizing by itself at a time for a renewal),
 * finalized (open, numbered by the customer and its place), attempted, paid, failed (tried again when planned) or
 * voided; each line names the subscription item or invoice item it bills; the invoice names its subscription.
 */
import { describe, expect, it } from 'vitest';
import type { Stripe } from '../../../host-harness/payments/account/stripe-types.ts';
import { chargeTerms } from '../../../host-harness/payments/billing/billing-terms.ts';
import {
  attemptedInvoice,
  draftInvoice,
  failedInvoice,
  finalizedInvoice,
  type Invoice,
  type InvoiceLineInput,
  invoiceSubscriptionId,
  paidInvoice,
  voidedInvoice,
} from '../../../host-harness/payments/billing/invoice-object.ts';
import {
  buildSubscription,
  type Subscription,
} from '../../../host-harness/payments/billing/subscription-object.ts';
import { pricedLine } from '../../../host-harness/payments/checkout/checkout-session.ts';
import { CURRENCY, MONTHLY_PENCE, SETUP_AND_MONTH_PENCE, SETUP_PENCE } from '../../support/spec-figures.ts';
import { at, goldRecord, MONTHLY_NAME, SETUP_NAME } from './checkout-fixtures.ts';

const START_S = at('2026-01-31T10:00:00Z');
const RENEWAL_S = at('2026-02-28T10:00:00Z');

function subscription(customer: Subscription['customer'] = 'cus_AbCdEfGhIjKlMn'): {
  subscription: Subscription;
  lines: InvoiceLineInput[];
} {
  const record = goldRecord(START_S);
  const terms = chargeTerms(record.line_items.map(pricedLine), null, START_S);
  const built = buildSubscription({
    customer: 'cus_AbCdEfGhIjKlMn',
    currency: CURRENCY,
    lineItems: record.line_items,
    terms,
    startS: START_S,
    status: 'incomplete',
    metadata: { package: 'gold' },
    description: null,
    paymentMethod: 'pm_1',
    testClock: 'clock_1',
  });
  const [setup, monthly] = record.line_items;
  const lines: InvoiceLineInput[] = [
    {
      description: SETUP_NAME,
      amount: SETUP_PENCE,
      quantity: 1,
      price: setup!.price!,
      period: { start: START_S, end: START_S },
      subscriptionItem: null,
      proration: false,
    },
    {
      description: MONTHLY_NAME,
      amount: MONTHLY_PENCE,
      quantity: 1,
      price: { ...monthly!.price!, unit_amount_decimal: null } as unknown as Stripe.Price,
      period: { start: START_S, end: RENEWAL_S },
      subscriptionItem: built.items.data[0]!.id,
      proration: true,
    },
  ];
  return { subscription: { ...built, customer }, lines };
}

function draft(customer?: Subscription['customer']): { invoice: Invoice; subscription: Subscription } {
  const made = subscription(customer);
  return {
    subscription: made.subscription,
    invoice: draftInvoice({
      subscription: made.subscription,
      customerEmail: 'buyer@example.com',
      lines: made.lines,
      billingReason: 'subscription_cycle',
      createdS: RENEWAL_S,
      finalizesAtS: RENEWAL_S + 3_600,
      period: { start: START_S, end: RENEWAL_S },
    }),
  };
}

describe('draftInvoice', () => {
  it('is a draft of the lines’ total, charged automatically, finalizing by itself when told', () => {
    const { invoice, subscription: sub } = draft();
    const { lines, ...rest } = invoice;
    expect(rest).toStrictEqual({
      id: expect.stringMatching(/^in_[A-Za-z0-9]{24}$/),
      object: 'invoice',
      account_country: 'GB',
      account_name: null,
      account_tax_ids: null,
      amount_due: SETUP_AND_MONTH_PENCE,
      amount_overpaid: 0,
      amount_paid: 0,
      amount_remaining: SETUP_AND_MONTH_PENCE,
      amount_shipping: 0,
      application: null,
      attempt_count: 0,
      attempted: false,
      auto_advance: true,
      automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
      automatically_finalizes_at: RENEWAL_S + 3_600,
      billing_reason: 'subscription_cycle',
      collection_method: 'charge_automatically',
      created: RENEWAL_S,
      currency: CURRENCY,
      custom_fields: null,
      customer: 'cus_AbCdEfGhIjKlMn',
      customer_account: null,
      customer_address: null,
      customer_email: 'buyer@example.com',
      customer_name: null,
      customer_phone: null,
      customer_shipping: null,
      customer_tax_exempt: 'none',
      customer_tax_ids: [],
      default_payment_method: null,
      default_source: null,
      default_tax_rates: [],
      description: null,
      discounts: [],
      due_date: null,
      effective_at: null,
      ending_balance: 0,
      footer: null,
      from_invoice: null,
      hosted_invoice_url: null,
      invoice_pdf: null,
      issuer: { type: 'self' },
      last_finalization_error: null,
      latest_revision: null,
      livemode: false,
      metadata: {},
      next_payment_attempt: null,
      number: null,
      on_behalf_of: null,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { metadata: { package: 'gold' }, subscription: sub.id },
      },
      payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
      period_end: RENEWAL_S,
      period_start: START_S,
      post_payment_credit_notes_amount: 0,
      pre_payment_credit_notes_amount: 0,
      receipt_number: null,
      rendering: null,
      shipping_cost: null,
      shipping_details: null,
      starting_balance: 0,
      statement_descriptor: null,
      status: 'draft',
      status_transitions: {
        finalized_at: null,
        marked_uncollectible_at: null,
        paid_at: null,
        voided_at: null,
      },
      subscription: null,
      subtotal: SETUP_AND_MONTH_PENCE,
      subtotal_excluding_tax: SETUP_AND_MONTH_PENCE,
      test_clock: 'clock_1',
      total: SETUP_AND_MONTH_PENCE,
      total_discount_amounts: [],
      total_excluding_tax: SETUP_AND_MONTH_PENCE,
      total_pretax_credit_amounts: [],
      total_taxes: [],
      webhooks_delivered_at: null,
    });
    expect(lines.object).toBe('list');
    expect(lines.has_more).toBe(false);
    expect(lines.url).toBe(`/v1/invoices/${invoice.id}/lines`);
    expect(lines.data).toHaveLength(2);
  });

  it('bills a one-time price as an invoice item and a recurring one as its subscription item', () => {
    const { invoice, subscription: sub } = draft();
    const [setup, monthly] = invoice.lines.data;
    expect(setup).toStrictEqual({
      id: expect.stringMatching(/^il_[A-Za-z0-9]{24}$/),
      object: 'line_item',
      amount: SETUP_PENCE,
      currency: CURRENCY,
      description: SETUP_NAME,
      discount_amounts: [],
      discountable: true,
      discounts: [],
      invoice: invoice.id,
      livemode: false,
      metadata: {},
      parent: {
        type: 'invoice_item_details',
        invoice_item_details: {
          proration: false,
          proration_details: { credited_items: null },
          invoice_item: expect.stringMatching(/^ii_[A-Za-z0-9]{24}$/),
          subscription: sub.id,
        },
        subscription_item_details: null,
      },
      period: { start: START_S, end: START_S },
      pretax_credit_amounts: [],
      pricing: {
        type: 'price_details',
        price_details: { price: expect.stringMatching(/^price_/), product: expect.stringMatching(/^prod_/) },
        unit_amount_decimal: String(SETUP_PENCE),
      },
      quantity: 1,
      quantity_decimal: '1',
      subscription: sub.id,
      subtotal: SETUP_PENCE,
      taxes: [],
    });
    expect(monthly!.parent).toStrictEqual({
      type: 'subscription_item_details',
      invoice_item_details: null,
      subscription_item_details: {
        proration: true,
        proration_details: { credited_items: null },
        invoice_item: null,
        subscription: sub.id,
        subscription_item: sub.items.data[0]!.id,
      },
    });
    // A price without its decimal amount: the line's amount written as one.
    expect(monthly!.pricing?.unit_amount_decimal).toBe(String(MONTHLY_PENCE));
    expect(monthly!.period).toStrictEqual({ start: START_S, end: RENEWAL_S });
    expect(monthly!.invoice).toBe(invoice.id);
  });

  it('names the price and the product of each line', () => {
    const made = subscription();
    const invoice = draftInvoice({
      subscription: made.subscription,
      customerEmail: null,
      lines: made.lines,
      billingReason: 'subscription_create',
      createdS: START_S,
      finalizesAtS: null,
      period: { start: START_S, end: START_S },
    });
    expect(invoice.lines.data.map((line) => line.pricing?.price_details)).toStrictEqual(
      made.lines.map((line) => ({ price: line.price.id, product: line.price.product })),
    );
    expect(invoice.customer_email).toBeNull();
    expect(invoice.automatically_finalizes_at).toBeNull();
    expect(invoice.billing_reason).toBe('subscription_create');
  });

  it('names the customer by id when the subscription holds the customer object', () => {
    const { invoice } = draft({ id: 'cus_ObjectCustomer1' } as Stripe.Customer);
    expect(invoice.customer).toBe('cus_ObjectCustomer1');
  });
});

describe('finalizedInvoice', () => {
  it('opens the draft, numbered by eight characters of the customer id and its place among the invoices', () => {
    const { invoice } = draft();
    const finalizedS = RENEWAL_S + 3_600;
    const open = finalizedInvoice(invoice, finalizedS, 1);
    expect(open).toStrictEqual({
      ...invoice,
      status: 'open',
      number: 'ABCDEFGH-0001',
      effective_at: finalizedS,
      automatically_finalizes_at: null,
      webhooks_delivered_at: finalizedS,
      status_transitions: { ...invoice.status_transitions, finalized_at: finalizedS },
    });
    expect(finalizedInvoice(invoice, finalizedS, 12).number).toBe('ABCDEFGH-0012');
  });

  it('keeps when its webhooks were first delivered, and numbers an invoice of a customer object or of none', () => {
    const { invoice } = draft();
    expect(finalizedInvoice({ ...invoice, webhooks_delivered_at: 5 }, 9, 2).webhooks_delivered_at).toBe(5);
    const ofObject = { ...invoice, customer: { id: 'cus_zyxwvutsrq' } as Stripe.Customer };
    expect(finalizedInvoice(ofObject, 9, 3).number).toBe('ZYXWVUTS-0003');
    expect(finalizedInvoice({ ...invoice, customer: null }, 9, 4).number).toBe('-0004');
  });
});

describe('after a payment attempt', () => {
  const open = () => finalizedInvoice(draft().invoice, RENEWAL_S, 2);

  it('a Direct Debit submitted counts an attempt, leaves the invoice open and plans no other', () => {
    const invoice = open();
    const attempted = attemptedInvoice({ ...invoice, next_payment_attempt: 123 });
    expect(attempted).toStrictEqual({
      ...invoice,
      attempted: true,
      attempt_count: 1,
      next_payment_attempt: null,
    });
    expect(attemptedInvoice(attempted).attempt_count).toBe(2);
    expect(attempted.status).toBe('open');
  });

  it('paid: the whole amount paid, nothing remaining, a card attempt counted, a confirmed Direct Debit not again', () => {
    const invoice = open();
    const paidS = RENEWAL_S + 10;
    const paid = paidInvoice({ ...invoice, next_payment_attempt: 5 }, paidS);
    expect(paid).toStrictEqual({
      ...invoice,
      status: 'paid',
      amount_paid: SETUP_AND_MONTH_PENCE,
      amount_remaining: 0,
      attempted: true,
      attempt_count: 1,
      next_payment_attempt: null,
      status_transitions: { ...invoice.status_transitions, paid_at: paidS },
    });
    expect(paidInvoice({ ...invoice, attempt_count: 1 }, paidS, false).attempt_count).toBe(1);
    expect(paidInvoice({ ...invoice, attempt_count: 1 }, paidS, true).attempt_count).toBe(2);
  });

  it('paid with nothing due: no attempt counted', () => {
    const free = { ...open(), amount_due: 0, amount_remaining: 0 };
    const paid = paidInvoice(free, RENEWAL_S);
    expect([paid.status, paid.attempt_count, paid.amount_paid, paid.attempted]).toEqual(['paid', 0, 0, true]);
  });

  it('failed: still open, the attempt counted unless it was a Direct Debit’s confirmation, the next try named', () => {
    const invoice = open();
    const failed = failedInvoice(invoice, RENEWAL_S + 86_400);
    expect(failed).toStrictEqual({
      ...invoice,
      attempted: true,
      attempt_count: 1,
      next_payment_attempt: RENEWAL_S + 86_400,
    });
    expect(failedInvoice({ ...invoice, attempt_count: 1 }, null, false)).toStrictEqual({
      ...invoice,
      attempted: true,
      attempt_count: 1,
      next_payment_attempt: null,
    });
  });

  it('voided: void, no try planned, the moment recorded', () => {
    const invoice = { ...open(), next_payment_attempt: 77 };
    const voidedS = RENEWAL_S + 23 * 3_600;
    expect(voidedInvoice(invoice, voidedS)).toStrictEqual({
      ...invoice,
      status: 'void',
      next_payment_attempt: null,
      status_transitions: { ...invoice.status_transitions, voided_at: voidedS },
    });
  });
});

describe('invoiceSubscriptionId', () => {
  it('names the subscription from the invoice’s parent, by id or object, and null without one', () => {
    const { invoice, subscription: sub } = draft();
    expect(invoiceSubscriptionId(invoice)).toBe(sub.id);
    const withObject = {
      ...invoice,
      parent: {
        ...invoice.parent!,
        subscription_details: { metadata: {}, subscription: { id: 'sub_object' } as Stripe.Subscription },
      },
    };
    expect(invoiceSubscriptionId(withObject)).toBe('sub_object');
    expect(invoiceSubscriptionId({ ...invoice, parent: null })).toBeNull();
    const noDetails = { ...invoice, parent: { ...invoice.parent!, subscription_details: null } };
    expect(invoiceSubscriptionId(noDetails)).toBeNull();
  });
});
