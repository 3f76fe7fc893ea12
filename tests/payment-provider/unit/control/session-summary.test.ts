/**
 * The control API's view of a session (`summarize`): its package, lines and amounts (one-time and recurring, as
 * figures and as people read them), its first full renewal, where it stands, who paid and how, its addresses and
 * expiry; its subscription's life (status, trial, period, cancellation, invoices, payments, disputes); the test clock
 * and its next step; what the next charge does; the `checkout.session.completed` event's delivery and every event's.
 */
import { describe, expect, it } from 'vitest';
import type { Stripe } from '../../../../host-harness/payments/account/stripe-types.ts';
import { runUntil } from '../../../../host-harness/payments/billing/billing-clock.ts';
import type { CheckoutRecord } from '../../../../host-harness/payments/checkout/checkout-session-store.ts';
import { summarize } from '../../../../host-harness/payments/control/session-summary.ts';
import type {
  DeliveryAttempt,
  StoredEvent,
} from '../../../../host-harness/payments/webhooks/provider-event-store.ts';
import {
  MONTHLY_PENCE,
  MONTHLY_TEXT,
  SETUP_AND_MONTH_PENCE,
  SETUP_AND_MONTH_TEXT,
  SETUP_PENCE,
  SETUP_TEXT,
} from '../../../support/spec-figures.ts';
import {
  at,
  bought,
  DAY_S,
  goldRecord,
  MONTHLY_NAME,
  monthlyPrice,
  SESSION_ID,
  SETUP_NAME,
  SITE,
  settings,
  setupPrice,
  subscriptionData,
} from '../checkout-fixtures.ts';

/** Monday 2 March 2026, 10:00 UTC. */
const NOW_S = at('2026-03-02T10:00:00Z');
const NOW_ISO = '2026-03-02T10:00:00.000Z';

/** A stored event of the session (`extra` changes it). */
const stored = (id: string, type: string, extra: Partial<StoredEvent> = {}): StoredEvent => ({
  id,
  app_id: 'local-app',
  session_id: SESSION_ID,
  type,
  created_s: NOW_S,
  payload: '{}',
  attempts: [],
  attempt_count: 0,
  state: 'pending',
  next_attempt_ms: null,
  ...extra,
});

const attempt = (fields: Partial<DeliveryAttempt>): DeliveryAttempt => ({
  date: NOW_ISO,
  status: 200,
  ok: true,
  ...fields,
});

describe('an open session', () => {
  it('its package, lines, amounts, first renewal a month after now, status, addresses and expiry', () => {
    const record = goldRecord(NOW_S, { customerEmail: 'buyer@example.com' });
    expect(summarize(record, [], NOW_S)).toStrictEqual({
      id: SESSION_ID,
      package: 'gold',
      items: [SETUP_NAME, MONTHLY_NAME],
      setup_amount: SETUP_PENCE,
      monthly_amount: MONTHLY_PENCE,
      amount_total: SETUP_AND_MONTH_PENCE,
      currency: 'gbp',
      setup_display: SETUP_TEXT,
      monthly_display: MONTHLY_TEXT,
      total_display: SETUP_AND_MONTH_TEXT,
      first_renewal: '2026-04-02T10:00:00.000Z',
      first_renewal_display: '2 April 2026',
      status: 'open',
      payment_method: null,
      customer_email: 'buyer@example.com',
      success_url: `${SITE}/PaymentSuccess?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${SITE}/Pricing`,
      expires_at: '2026-03-03T10:00:00.000Z',
      subscription: null,
      clock: null,
      next_step_at: null,
      payment_outcome: 'succeeds',
      webhook: null,
      events: [],
      created_date: NOW_ISO,
      updated_date: NOW_ISO,
    });
  });

  it('the first renewal as of `nowS` while nothing is bought', () => {
    const record = goldRecord(NOW_S);
    const later = summarize(record, [], NOW_S + 20 * 60 * 60);
    expect(later.first_renewal).toBe('2026-04-03T06:00:00.000Z');
    expect(later.first_renewal_display).toBe('3 April 2026');
  });

  it('counts each line’s quantity; a line without a price counts nothing, one without a quantity once', () => {
    const record = goldRecord(NOW_S, {
      lineItems: [
        { price: setupPrice(), quantity: 2 },
        { price: monthlyPrice(), quantity: 3 },
      ],
    });
    const summary = summarize(record, [], NOW_S);
    expect(summary.setup_amount).toBe(2 * SETUP_PENCE);
    expect(summary.monthly_amount).toBe(3 * MONTHLY_PENCE);
    const [setup, monthly] = record.line_items;
    const odd: CheckoutRecord = {
      ...record,
      line_items: [
        { ...setup!, price: null, description: null },
        { ...setup!, quantity: null },
        { ...monthly!, quantity: null },
        { ...setup!, price: { ...setup!.price!, unit_amount: null } },
      ],
    };
    const summaryOfOdd = summarize(odd, [], NOW_S);
    expect(summaryOfOdd.setup_amount).toBe(SETUP_PENCE);
    expect(summaryOfOdd.monthly_amount).toBe(MONTHLY_PENCE);
    expect(summaryOfOdd.items).toStrictEqual(['', SETUP_NAME, MONTHLY_NAME, SETUP_NAME]);
  });

  it('a payment-mode session: no recurring amount and no renewal', () => {
    const record = goldRecord(NOW_S, {
      mode: 'payment',
      lineItems: [{ price: setupPrice(), quantity: 1 }],
      subscriptionData: null,
    });
    const summary = summarize(record, [], NOW_S);
    expect(summary).toMatchObject({
      setup_amount: SETUP_PENCE,
      monthly_amount: 0,
      monthly_display: '£0.00',
      amount_total: SETUP_PENCE,
      first_renewal: null,
      first_renewal_display: null,
    });
  });

  it('another currency as written in it; none is gbp; no total is 0; no package, e-mail or return address is null', () => {
    const record = goldRecord(NOW_S, {
      currency: 'eur',
      lineItems: [
        { price: setupPrice({ currency: 'eur' }), quantity: 1 },
        { price: monthlyPrice({ currency: 'eur' }), quantity: 1 },
      ],
      methods: ['card'],
      metadata: {},
      cancelUrl: null,
    });
    expect(summarize(record, [], NOW_S)).toMatchObject({
      currency: 'eur',
      setup_display: '€799.00',
      monthly_display: '€199.00',
      total_display: '€998.00',
      package: null,
      customer_email: null,
      cancel_url: null,
    });
    const bare: CheckoutRecord = {
      ...record,
      session: {
        ...record.session,
        currency: null,
        amount_total: null,
        metadata: null,
        success_url: null,
      } as unknown as CheckoutRecord['session'],
    };
    expect(summarize(bare, [], NOW_S)).toMatchObject({
      currency: 'gbp',
      setup_display: SETUP_TEXT,
      amount_total: 0,
      total_display: '£0.00',
      package: null,
      success_url: null,
    });
  });
});

describe('a bought session', () => {
  it('paid by card: its subscription, first invoice and payment, clock, next step and the buyer’s e-mail', () => {
    const record = bought(goldRecord(NOW_S, { customerEmail: 'prefilled@example.com' }), NOW_S, 'card');
    const summary = summarize(record, [], NOW_S);
    const subscription = record.subscription!;
    const [invoice] = record.invoices;
    const [charge] = record.charges;
    expect(summary).toMatchObject({
      status: 'paid',
      payment_method: 'card',
      // The address given on the page, not the one prefilled.
      customer_email: 'buyer@example.com',
      first_renewal: '2026-04-02T10:00:00.000Z',
      first_renewal_display: '2 April 2026',
      clock: NOW_ISO,
      next_step_at: '2026-04-02T10:00:00.000Z',
      webhook: null,
    });
    expect(summary.subscription).toStrictEqual({
      id: subscription.id,
      status: 'active',
      trial_end: null,
      current_period_end: '2026-04-02T10:00:00.000Z',
      cancel_at_period_end: false,
      cancel_at: null,
      ended_at: null,
      invoices: [
        {
          id: invoice!.id,
          billing_reason: 'subscription_create',
          status: 'paid',
          amount_due: SETUP_AND_MONTH_PENCE,
          attempt_count: 1,
          next_payment_attempt: null,
        },
      ],
      payments: [
        {
          invoice: invoice!.id,
          payment_intent: charge!.payment_intent,
          method: 'card',
          amount: SETUP_AND_MONTH_PENCE,
          status: 'succeeded',
        },
      ],
      disputes: [],
    });
  });

  it('the e-mail prefilled when the completed session has no customer details', () => {
    const record = bought(goldRecord(NOW_S, { customerEmail: 'prefilled@example.com' }), NOW_S, 'card');
    const withoutDetails = {
      ...record,
      session: { ...record.session, customer_details: null },
    } as CheckoutRecord;
    expect(summarize(withoutDetails, [], NOW_S).customer_email).toBe('prefilled@example.com');
  });

  it('a failed renewal: its invoice’s next attempt; a cancellation: when it ends', () => {
    const record = bought(goldRecord(NOW_S), NOW_S, 'card');
    const renewalAt = at('2026-04-02T11:00:00Z');
    const failed = {
      ...record,
      ...runUntil({ ...record, payment_outcome: 'fails' }, renewalAt, settings()).ledger,
    };
    const renewal = summarize(failed, [], renewalAt).subscription!.invoices.at(-1)!;
    expect(renewal.status).toBe('open');
    expect(renewal.next_payment_attempt).toBe(
      new Date(failed.invoices.at(-1)!.next_payment_attempt! * 1000).toISOString(),
    );
    expect(renewal.next_payment_attempt).not.toBeNull();
    const subscription = record.subscription!;
    const ending = {
      ...record,
      subscription: {
        ...subscription,
        cancel_at: at('2026-05-02T10:00:00Z'),
        cancel_at_period_end: true,
        ended_at: at('2026-05-02T10:00:00Z'),
      },
    };
    expect(summarize(ending, [], NOW_S).subscription).toMatchObject({
      cancel_at: '2026-05-02T10:00:00.000Z',
      cancel_at_period_end: true,
      ended_at: '2026-05-02T10:00:00.000Z',
    });
  });

  it('a dispute names its charge, whether stored as an id or expanded', () => {
    const record = bought(goldRecord(NOW_S), NOW_S, 'card');
    const dispute = (id: string, charge: string | { id: string }) =>
      ({ id, charge, amount: MONTHLY_PENCE, status: 'lost' }) as unknown as Stripe.Dispute;
    const disputed = {
      ...record,
      disputes: [dispute('du_1', 'ch_1'), dispute('du_2', { id: 'ch_2' })],
    };
    expect(summarize(disputed, [], NOW_S).subscription!.disputes).toStrictEqual([
      { id: 'du_1', charge: 'ch_1', amount: MONTHLY_PENCE, status: 'lost' },
      { id: 'du_2', charge: 'ch_2', amount: MONTHLY_PENCE, status: 'lost' },
    ]);
  });
});

describe('the first renewal of a subscription', () => {
  it('its trial’s end', () => {
    const trialEnd = at('2026-04-15T09:00:00Z');
    const record = bought(
      goldRecord(NOW_S, { subscriptionData: subscriptionData({ trialEnd }) }),
      NOW_S,
      'card',
    );
    const summary = summarize(record, [], NOW_S);
    expect(summary.subscription!.trial_end).toBe('2026-04-15T09:00:00.000Z');
    expect(summary.first_renewal).toBe('2026-04-15T09:00:00.000Z');
    expect(summary.first_renewal_display).toBe('15 April 2026');
    // The trial's end decides, whatever the anchor says.
    const anchoredLater = {
      ...record,
      subscription: { ...record.subscription!, billing_cycle_anchor: trialEnd + DAY_S },
    };
    expect(summarize(anchoredLater, [], NOW_S).first_renewal).toBe('2026-04-15T09:00:00.000Z');
  });

  it('its anchor when later than its start, else the end of its first period', () => {
    const anchor = at('2026-03-20T10:00:00Z');
    const record = bought(
      goldRecord(NOW_S, {
        subscriptionData: subscriptionData({ billingCycleAnchor: anchor }),
      }),
      NOW_S,
      'card',
    );
    expect(record.subscription!.billing_cycle_anchor).toBe(anchor);
    expect(summarize(record, [], NOW_S).first_renewal).toBe('2026-03-20T10:00:00.000Z');
    const atStart = bought(goldRecord(NOW_S), NOW_S, 'card');
    expect(atStart.subscription!.billing_cycle_anchor).toBe(atStart.subscription!.start_date);
    expect(summarize(atStart, [], NOW_S).first_renewal).toBe('2026-04-02T10:00:00.000Z');
    const anchoredBefore = {
      ...atStart,
      subscription: { ...atStart.subscription!, billing_cycle_anchor: NOW_S - 1 },
    };
    expect(summarize(anchoredBefore, [], NOW_S).first_renewal).toBe(
      summarize(atStart, [], NOW_S).subscription!.current_period_end,
    );
  });
});

describe('the events', () => {
  it('each event’s delivery: state, attempts, and the next attempt’s time', () => {
    const record = bought(goldRecord(NOW_S), NOW_S, 'card');
    const tried = attempt({ status: 500, ok: false, error: 'boom' });
    const events = [
      stored('evt_1', 'invoice.paid', { state: 'delivered', attempt_count: 1, attempts: [attempt({})] }),
      stored('evt_2', 'invoice.created', {
        created_s: NOW_S + 60,
        attempt_count: 3,
        attempts: [tried],
        next_attempt_ms: (NOW_S + 120) * 1000 + 500,
      }),
      stored('evt_3', 'invoice.finalized', { state: 'not_sent' }),
    ];
    expect(summarize(record, events, NOW_S).events).toStrictEqual([
      {
        id: 'evt_1',
        type: 'invoice.paid',
        created: NOW_ISO,
        state: 'delivered',
        delivered: true,
        attempt_count: 1,
        attempts: [attempt({})],
        next_attempt_at: null,
      },
      {
        id: 'evt_2',
        type: 'invoice.created',
        created: '2026-03-02T10:01:00.000Z',
        state: 'pending',
        delivered: false,
        attempt_count: 3,
        attempts: [tried],
        next_attempt_at: '2026-03-02T10:02:00.500Z',
      },
      {
        id: 'evt_3',
        type: 'invoice.finalized',
        created: NOW_ISO,
        state: 'not_sent',
        delivered: false,
        attempt_count: 0,
        attempts: [],
        next_attempt_at: null,
      },
    ]);
  });

  it('the webhook: the completed event’s delivery, its last attempt’s status and error', () => {
    const record = bought(goldRecord(NOW_S), NOW_S, 'card');
    const completed = (extra: Partial<StoredEvent>) => [
      stored('evt_other', 'invoice.paid', { attempts: [attempt({ status: 418, ok: false, error: 'no' })] }),
      stored('evt_done', 'checkout.session.completed', extra),
    ];
    const webhookOf = (extra: Partial<StoredEvent>) => summarize(record, completed(extra), NOW_S).webhook;
    expect(webhookOf({})).toStrictEqual({
      event_id: 'evt_done',
      delivered: false,
      attempts: 0,
      last_status: null,
    });
    expect(
      webhookOf({
        state: 'delivered',
        attempt_count: 2,
        attempts: [attempt({ status: 500, ok: false, error: 'boom' }), attempt({ response: 'ok' })],
      }),
    ).toStrictEqual({ event_id: 'evt_done', delivered: true, attempts: 2, last_status: 200 });
    expect(
      webhookOf({
        state: 'failed',
        attempt_count: 20,
        attempts: [attempt({}), attempt({ status: null, ok: false, error: 'ECONNREFUSED' })],
      }),
    ).toStrictEqual({
      event_id: 'evt_done',
      delivered: false,
      attempts: 20,
      last_status: null,
      last_error: 'ECONNREFUSED',
    });
    expect(
      webhookOf({ attempt_count: 1, attempts: [attempt({ status: 502, ok: false, error: '' })] }),
    ).toStrictEqual({ event_id: 'evt_done', delivered: false, attempts: 1, last_status: 502 });
    expect(summarize(record, completed({}).slice(0, 1), NOW_S).webhook).toBeNull();
  });
});

describe('times not set', () => {
  it('an absent time reads null like a null one', () => {
    const record = bought(goldRecord(NOW_S), NOW_S, 'card');
    const subscription = { ...record.subscription!, cancel_at: undefined, ended_at: undefined };
    const summary = summarize({ ...record, subscription } as unknown as CheckoutRecord, [], NOW_S);
    expect(summary.subscription).toMatchObject({ cancel_at: null, ended_at: null });
  });
});
