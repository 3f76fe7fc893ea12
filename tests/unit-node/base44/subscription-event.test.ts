/**
 * A subscription's invoices and events against the `Order` records (an in-memory platform behind the real `Orders`):
 * the newest reported state is kept, each failed renewal and the cancellation are e-mailed once, subscriptions this
 * site did not sell are left alone, and an event whose order is not recorded yet is refused for now.
 */
import { describe, expect, it } from 'vitest';
import type {
  InvoiceFacts,
  SubscriptionFacts,
} from '../../../base44/functions/stripeWebhook/event-content.ts';
import { isoTime, type StoredOrder } from '../../../base44/functions/stripeWebhook/order-record.ts';
import {
  applyInvoiceEvent,
  applySubscriptionEvent,
} from '../../../base44/functions/stripeWebhook/subscription-event.ts';
import { FIRST_RENEWAL_S, PURCHASE_S, SECOND_RENEWAL_S } from '../../support/provider-events.ts';
import {
  ACTIVE_SUBSCRIPTION_FACTS,
  PURCHASE_SESSION_FIELDS,
  RENEWAL_INVOICE_FACTS,
} from '../../support/purchase-records.ts';
import { type MemoryPlatform, memoryPlatform } from './memory-platform.ts';

const AGENCY = 'hello@example.co.uk';
const RETRY_S = FIRST_RENEWAL_S + 3 * 86_400;

/** The order a paid card checkout recorded. */
const paidOrder = (): StoredOrder => ({
  id: 'order_1',
  ...PURCHASE_SESSION_FIELDS,
  status: 'paid',
  paid_at: isoTime(PURCHASE_S),
  email_sent: true,
});
/** Another checkout's order, recorded before this one. */
const otherOrder = (): StoredOrder => ({
  id: 'order_0',
  session_id: 'cs_other',
  status: 'paid',
  subscription_id: 'sub_other',
});
const platformWithOrder = () => memoryPlatform([otherOrder(), paidOrder()]);
/** This checkout's order as stored. */
const ours = (platform: MemoryPlatform) => platform.stored.filter((order) => order.id !== 'order_0');

const invoice = (fields: Partial<InvoiceFacts> = {}): InvoiceFacts => ({
  ...RENEWAL_INVOICE_FACTS,
  nextPaymentAttemptS: RETRY_S,
  ...fields,
});
const paidInvoice = (fields: Partial<InvoiceFacts> = {}, createdS = FIRST_RENEWAL_S) => ({
  type: 'invoice.paid' as const,
  createdS,
  invoice: invoice(fields),
});
const failedInvoice = (fields: Partial<InvoiceFacts> = {}, createdS = FIRST_RENEWAL_S) => ({
  type: 'invoice.payment_failed' as const,
  createdS,
  invoice: invoice(fields),
});

const subscription = (fields: Partial<SubscriptionFacts> = {}): SubscriptionFacts => ({
  ...ACTIVE_SUBSCRIPTION_FACTS,
  ...fields,
});
const updated = (fields: Partial<SubscriptionFacts> = {}, createdS = FIRST_RENEWAL_S) => ({
  type: 'customer.subscription.updated' as const,
  createdS,
  subscription: subscription(fields),
});
const deleted = (fields: Partial<SubscriptionFacts> = {}, createdS = SECOND_RENEWAL_S) => ({
  type: 'customer.subscription.deleted' as const,
  createdS,
  subscription: subscription({ status: 'canceled', ...fields }),
});

const subjects = (platform: MemoryPlatform) => platform.emails.map((email) => email.subject);
const RENEWAL_FAILED = 'Renewal payment failed: Gold package, £199.00 from jane@example.co.uk';
const CANCELLED = 'Subscription cancelled: Gold package of jane@example.co.uk';

describe('applyInvoiceEvent', () => {
  it('a paid renewal: active until the end of the period it billed, no e-mail', async () => {
    const platform = platformWithOrder();
    const outcome = await applyInvoiceEvent(platform.orders, AGENCY, paidInvoice());
    const expected = {
      ...paidOrder(),
      subscription_status: 'active',
      current_period_end: isoTime(SECOND_RENEWAL_S),
      subscription_event: 'invoice.paid',
      subscription_event_at: FIRST_RENEWAL_S,
    };
    expect(platform.stored).toStrictEqual([otherOrder(), expected]);
    expect(outcome).toStrictEqual({ kind: 'applied', order: expected });
    expect(platform.emails).toEqual([]);
  });

  it('a paid invoice that bills no period keeps the period end recorded', async () => {
    const platform = platformWithOrder();
    await applyInvoiceEvent(
      platform.orders,
      AGENCY,
      paidInvoice({ billingReason: 'subscription_create', periodEndS: undefined }, PURCHASE_S),
    );
    expect(ours(platform)[0]).toMatchObject({
      subscription_status: 'active',
      current_period_end: isoTime(FIRST_RENEWAL_S),
      subscription_event_at: PURCHASE_S,
    });
  });

  it('a failed renewal: past due, and one e-mail per invoice however often it is delivered', async () => {
    const platform = platformWithOrder();
    for (let i = 0; i < 3; i++) await applyInvoiceEvent(platform.orders, AGENCY, failedInvoice());
    expect(platform.stored).toStrictEqual([
      otherOrder(),
      {
        ...paidOrder(),
        subscription_status: 'past_due',
        subscription_event: 'invoice.payment_failed',
        subscription_event_at: FIRST_RENEWAL_S,
        renewal_failures_notified: ['in_2'],
      },
    ]);
    expect(subjects(platform)).toEqual([RENEWAL_FAILED]);
    expect(platform.emails[0]?.to).toBe(AGENCY);
    expect(platform.emails[0]?.body).toContain(
      'The monthly payment of £199.00 due on 28 February 2027 failed.',
    );
    expect(platform.emails[0]?.body).toContain('\nThe payment provider tries again on 3 March 2027.\n');
    expect(platform.emails[0]?.body).toContain('\nInvoice: in_2\n');

    const thirdMonth = failedInvoice(
      { invoiceId: 'in_3', amountDue: 20_500, currency: 'eur', nextPaymentAttemptS: null },
      SECOND_RENEWAL_S,
    );
    await applyInvoiceEvent(platform.orders, AGENCY, thirdMonth);
    expect(ours(platform)[0]?.renewal_failures_notified).toEqual(['in_2', 'in_3']);
    expect(subjects(platform)).toEqual([
      RENEWAL_FAILED,
      'Renewal payment failed: Gold package, €205.00 from jane@example.co.uk',
    ]);
    expect(platform.emails[1]?.body).toContain('due on 28 March 2027 failed');
    expect(platform.emails[1]?.body).toContain('\nThe payment provider will not try again by itself.\n');
  });

  it('failed renewals delivered together are each e-mailed and each remembered', async () => {
    const platform = platformWithOrder();
    await Promise.all([
      applyInvoiceEvent(platform.orders, AGENCY, failedInvoice()),
      applyInvoiceEvent(platform.orders, AGENCY, failedInvoice({ invoiceId: 'in_3' }, SECOND_RENEWAL_S)),
    ]);
    expect(ours(platform)[0]?.renewal_failures_notified).toEqual(['in_2', 'in_3']);
    expect(platform.emails).toHaveLength(2);
  });

  it('the first invoice failing (a Direct Debit) is the session’s business: nothing changes, no e-mail', async () => {
    const platform = platformWithOrder();
    const outcome = await applyInvoiceEvent(
      platform.orders,
      AGENCY,
      failedInvoice(
        { invoiceId: 'in_1', billingReason: 'subscription_create', periodEndS: undefined },
        PURCHASE_S,
      ),
    );
    expect(outcome).toStrictEqual({ kind: 'applied', order: paidOrder() });
    expect(platform.stored).toStrictEqual([otherOrder(), paidOrder()]);
    expect(platform.writes).toBe(0);
    expect(platform.emails).toEqual([]);
  });

  it('a retry that paid is not undone by the failure delivered after it', async () => {
    const platform = platformWithOrder();
    await applyInvoiceEvent(platform.orders, AGENCY, paidInvoice({}, RETRY_S));
    await applyInvoiceEvent(platform.orders, AGENCY, failedInvoice());
    expect(ours(platform)[0]).toMatchObject({
      subscription_status: 'active',
      subscription_event_at: RETRY_S,
    });
    // The failure itself still happened: the agency hears of it.
    expect(subjects(platform)).toEqual([RENEWAL_FAILED]);
  });

  it('invoices of subscriptions this site did not sell, or of none, change nothing', async () => {
    const platform = platformWithOrder();
    for (const fields of [{ ours: false }, { subscriptionId: null }]) {
      expect(await applyInvoiceEvent(platform.orders, AGENCY, failedInvoice(fields))).toStrictEqual({
        kind: 'not_ours',
      });
      expect(await applyInvoiceEvent(platform.orders, AGENCY, paidInvoice(fields))).toStrictEqual({
        kind: 'not_ours',
      });
    }
    expect(platform.stored).toStrictEqual([otherOrder(), paidOrder()]);
    expect(platform.emails).toEqual([]);
  });

  it('an invoice whose order is not recorded yet is refused for now, and stores nothing', async () => {
    const platform = memoryPlatform();
    expect(await applyInvoiceEvent(platform.orders, AGENCY, failedInvoice())).toStrictEqual({
      kind: 'no_order',
    });
    expect(platform.stored).toEqual([]);
    expect(platform.emails).toEqual([]);
  });
});

describe('applySubscriptionEvent', () => {
  it('an update records the state the provider reports', async () => {
    const platform = platformWithOrder();
    const outcome = await applySubscriptionEvent(platform.orders, AGENCY, updated({ status: 'past_due' }));
    const expected = {
      ...paidOrder(),
      subscription_status: 'past_due',
      current_period_end: isoTime(SECOND_RENEWAL_S),
      cancel_at_period_end: false,
      subscription_event: 'customer.subscription.updated',
      subscription_event_at: FIRST_RENEWAL_S,
    };
    expect(platform.stored).toStrictEqual([otherOrder(), expected]);
    expect(outcome).toStrictEqual({ kind: 'applied', order: expected });
    expect(platform.emails).toEqual([]);
  });

  it('an update without items keeps the period end recorded', async () => {
    const platform = platformWithOrder();
    await applySubscriptionEvent(platform.orders, AGENCY, updated({ currentPeriodEndS: undefined }));
    expect(ours(platform)[0]?.current_period_end).toBe(isoTime(FIRST_RENEWAL_S));
  });

  it('a cancellation scheduled for the period end: e-mailed once, with the date it ends', async () => {
    const platform = platformWithOrder();
    const scheduled = updated({ cancelAtPeriodEnd: true, cancelAtS: SECOND_RENEWAL_S }, RETRY_S);
    await applySubscriptionEvent(platform.orders, AGENCY, scheduled);
    await applySubscriptionEvent(platform.orders, AGENCY, scheduled);
    expect(ours(platform)[0]).toMatchObject({
      subscription_status: 'active',
      cancel_at_period_end: true,
      cancellation_email_sent: true,
    });
    expect(subjects(platform)).toEqual([CANCELLED]);
    expect(platform.emails[0]?.body).toContain('It ends on 28 March 2027 and does not renew.');
    // Its end, then: still the one e-mail.
    await applySubscriptionEvent(platform.orders, AGENCY, deleted({ endedAtS: SECOND_RENEWAL_S }));
    expect(ours(platform)[0]).toMatchObject({
      subscription_status: 'canceled',
      ended_at: isoTime(SECOND_RENEWAL_S),
    });
    expect(subjects(platform)).toEqual([CANCELLED]);
  });

  it('a scheduled cancellation without its own date ends at the period end, or is undated', async () => {
    const atPeriodEnd = platformWithOrder();
    await applySubscriptionEvent(atPeriodEnd.orders, AGENCY, updated({ cancelAtPeriodEnd: true }));
    expect(atPeriodEnd.emails[0]?.body).toContain('It ends on 28 March 2027 and does not renew.');
    const undated = platformWithOrder();
    await applySubscriptionEvent(
      undated.orders,
      AGENCY,
      updated({ cancelAtPeriodEnd: true, currentPeriodEndS: undefined }),
    );
    expect(undated.emails[0]?.body).toContain('The monthly subscription was cancelled. It does not renew.');
  });

  it('a deletion is a cancellation whatever status it carries, ending when it ended, else when it was sent', async () => {
    const platform = platformWithOrder();
    await applySubscriptionEvent(
      platform.orders,
      AGENCY,
      deleted({ status: 'incomplete_expired', endedAtS: FIRST_RENEWAL_S }),
    );
    expect(ours(platform)[0]).toMatchObject({
      subscription_status: 'canceled',
      subscription_event: 'customer.subscription.deleted',
      ended_at: isoTime(FIRST_RENEWAL_S),
      cancellation_email_sent: true,
    });
    expect(platform.emails[0]?.body).toContain('It ends on 28 February 2027 and does not renew.');

    const undated = platformWithOrder();
    await applySubscriptionEvent(undated.orders, AGENCY, deleted({ cancelAtS: FIRST_RENEWAL_S }, RETRY_S));
    expect(ours(undated)[0]).not.toHaveProperty('ended_at');
    expect(undated.emails[0]?.body).toContain('It ends on 3 March 2027 and does not renew.');
  });

  it('a cancelled subscription stays cancelled when an older update arrives late', async () => {
    const platform = platformWithOrder();
    await applySubscriptionEvent(platform.orders, AGENCY, deleted());
    await applySubscriptionEvent(
      platform.orders,
      AGENCY,
      updated({ status: 'past_due' }, SECOND_RENEWAL_S + 1),
    );
    expect(ours(platform)[0]).toMatchObject({ subscription_status: 'canceled' });
    expect(subjects(platform)).toEqual([CANCELLED]);
  });

  it('subscriptions this site did not sell change nothing', async () => {
    const platform = platformWithOrder();
    expect(await applySubscriptionEvent(platform.orders, AGENCY, deleted({ ours: false }))).toStrictEqual({
      kind: 'not_ours',
    });
    expect(platform.stored).toStrictEqual([otherOrder(), paidOrder()]);
    expect(platform.emails).toEqual([]);
  });

  it('an event whose order is not recorded yet is refused for now, and e-mails nobody', async () => {
    const platform = memoryPlatform();
    expect(await applySubscriptionEvent(platform.orders, AGENCY, deleted())).toStrictEqual({
      kind: 'no_order',
    });
    expect(platform.stored).toEqual([]);
    expect(platform.emails).toEqual([]);
  });
});
