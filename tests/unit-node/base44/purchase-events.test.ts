/**
 * What each of the provider's events does to a purchase (an in-memory platform behind the real `Orders`, and a
 * provider that holds the purchase's objects and reports its subscription as a test sets them): any order of a
 * purchase's events gives one Order and one e-mail per fact, each object and the subscription's state are the
 * provider's current ones whatever the delivery order and whatever the event's own snapshot says, and what is not this
 * site's purchase changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { type EventReference, readEvent } from '../../../base44/functions/stripeWebhook/event-content.ts';
import { applyPurchaseEvent } from '../../../base44/functions/stripeWebhook/purchase-events.ts';
import {
  dispute,
  event,
  FIRST_INVOICE_ID,
  FIRST_RENEWAL_S,
  invoice,
  invoiceEvent,
  lineItem,
  PURCHASE_S,
  packageLineItems,
  SECOND_RENEWAL_S,
  SESSION_ID,
  SUBSCRIPTION_ID,
  type SubscriptionSpec,
  session,
  sessionEvent,
  subscriptionEvent,
  withLineItems,
} from '../../support/provider-events.ts';
import {
  CURRENCY,
  MONTHLY_PENCE,
  MONTHLY_TEXT,
  PACKAGE,
  SETUP_PENCE,
  SETUP_TEXT,
} from '../../support/spec-figures.ts';
import { type MemoryPlatform, memoryPlatform } from './memory-platform.ts';
import { type LookupDouble, providerLookup } from './provider-lookup-double.ts';

const AGENCY = 'hello@example.co.uk';
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

const provider = providerLookup;

function reference(raw: unknown) {
  const reading = readEvent(raw);
  if (!reading.ok || reading.event.type === 'other') throw new Error('not a purchase event');
  return reading.event as EventReference;
}

/** The provider holds the event's object as the event shows it (a checkout session, invoice or dispute), then sends it. */
async function deliver(platform: MemoryPlatform, lookup: LookupDouble, raw: unknown) {
  const object = (raw as { data: { object: Record<string, unknown> } }).data.object;
  if (object.object !== 'subscription') lookup.hold(object);
  return deliverStale(platform, lookup, raw);
}

/** Sends the event as it is, whatever the provider holds now (an older snapshot, delivered late). */
async function deliverStale(platform: MemoryPlatform, lookup: LookupDouble, raw: unknown) {
  return applyPurchaseEvent({ orders: platform.orders, lookup, agencyEmail: AGENCY }, reference(raw));
}

const subjects = (platform: MemoryPlatform) => platform.emails.map((email) => email.subject);

/** Every order of `items`. */
function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}

const DAY_ONE = [
  subscriptionEvent('customer.subscription.created', { status: 'incomplete' }, PURCHASE_S),
  invoiceEvent('invoice.paid', {}, PURCHASE_S),
  subscriptionEvent('customer.subscription.updated', { status: 'trialing' }, PURCHASE_S, {
    status: 'incomplete',
  }),
  sessionEvent('checkout.session.completed'),
];

const PAID_ORDER = {
  subscription_id: SUBSCRIPTION_ID,
  status: 'paid',
  package: PACKAGE,
  session_id: SESSION_ID,
  customer_email: 'jane@example.co.uk',
  amount_total: SETUP_PENCE,
  monthly_amount: MONTHLY_PENCE,
  currency: CURRENCY,
  first_renewal_at: iso(FIRST_RENEWAL_S),
  paid_at: iso(PURCHASE_S),
  subscription_status: 'trialing',
  current_period_end: iso(FIRST_RENEWAL_S),
  cancel_at_period_end: false,
  cancel_at: null,
  email_sent: true,
};

describe('day one, in any order', () => {
  it('each of the 24 orders of a card purchase’s four events gives one paid Order and the same one e-mail', async () => {
    const bodies = new Set<string>();
    for (const order of permutations(DAY_ONE)) {
      const platform = memoryPlatform();
      const lookup = provider({ status: 'trialing' });
      for (const raw of order) expect((await deliver(platform, lookup, raw)).kind).toBe('recorded');
      expect(platform.stored).toHaveLength(1);
      expect(platform.stored[0]).toMatchObject({ ...PAID_ORDER, customer_name: 'Jane Doe' });
      expect(subjects(platform)).toEqual([
        `New paid order: Gold package, ${SETUP_TEXT} today from jane@example.co.uk`,
      ]);
      bodies.add(platform.emails[0]!.body.replace(/^Paid at: .*$/m, ''));
    }
    // Whichever event came first, the e-mail names the buyer and the checkout's reference.
    expect(bodies.size).toBe(1);
    expect([...bodies][0]).toContain(`Checkout session: ${SESSION_ID}`);
    expect([...bodies][0]).toContain('Paid by: Jane Doe <jane@example.co.uk>');
  });

  it('a first invoice’s failure delivered after the provider has it paid is no failure: paid, no "Direct Debit failed" e-mail', async () => {
    const platform = memoryPlatform();
    const lookup = provider({ status: 'trialing' });
    lookup.hold(invoice({ status: 'paid' }));
    await deliverStale(
      platform,
      lookup,
      invoiceEvent('invoice.payment_failed', { status: 'open' }, PURCHASE_S),
    );
    await deliver(platform, lookup, sessionEvent('checkout.session.completed'));
    expect(platform.stored[0]).toMatchObject({ status: 'paid', paid_at: iso(PURCHASE_S) });
    expect(subjects(platform)).toEqual([
      `New paid order: Gold package, ${SETUP_TEXT} today from jane@example.co.uk`,
    ]);
  });

  it('a checkout delivered as the buyer left it, unpaid, is paid once the provider says so', async () => {
    const platform = memoryPlatform();
    const lookup = provider({ status: 'trialing' });
    lookup.hold(session({ payment_status: 'paid' }));
    await deliverStale(
      platform,
      lookup,
      sessionEvent('checkout.session.completed', { payment_status: 'unpaid' }, PURCHASE_S + 60),
    );
    expect(platform.stored[0]).toMatchObject({ status: 'paid', paid_at: iso(PURCHASE_S + 60) });
    expect(lookup.asked.slice(0, 2)).toEqual([`checkout ${SESSION_ID}`, `subscription ${SUBSCRIPTION_ID}`]);
  });

  it('all four at once, and each again: one Order, one e-mail', async () => {
    const platform = memoryPlatform();
    const lookup = provider({ status: 'trialing' });
    await Promise.all([...DAY_ONE, ...DAY_ONE].map((raw) => deliver(platform, lookup, raw)));
    expect(platform.stored).toHaveLength(1);
    expect(platform.stored[0]).toMatchObject(PAID_ORDER);
    expect(platform.emails).toHaveLength(1);
  });

  it('the paid e-mail says what was charged today and what follows, from whichever event came first', async () => {
    const platform = memoryPlatform();
    await deliver(platform, provider(), invoiceEvent('invoice.paid', {}, PURCHASE_S));
    const [email] = platform.emails;
    expect(email?.to).toBe(AGENCY);
    expect(email?.body).toContain(`Paid today: ${SETUP_TEXT} (the one-time setup)`);
    expect(email?.body).toContain(`Then: ${MONTHLY_TEXT} per month from 28 February 2027`);
    expect(email?.body).toContain(`Subscription: ${SUBSCRIPTION_ID}`);
  });
});

describe('a Bacs Direct Debit', () => {
  it('pending while it is processed, then paid: one e-mail, at the confirmation', async () => {
    const platform = memoryPlatform();
    const lookup = provider({ status: 'incomplete' });
    await deliver(platform, lookup, sessionEvent('checkout.session.completed', { payment_status: 'unpaid' }));
    await deliver(
      platform,
      lookup,
      subscriptionEvent('customer.subscription.created', { status: 'incomplete' }, PURCHASE_S),
    );
    expect(platform.stored[0]).toMatchObject({ status: 'pending', subscription_status: 'incomplete' });
    expect(platform.emails).toEqual([]);
    lookup.set({ status: 'trialing' });
    await deliver(
      platform,
      lookup,
      sessionEvent('checkout.session.async_payment_succeeded', {}, PURCHASE_S + 9 * 86_400),
    );
    await deliver(platform, lookup, invoiceEvent('invoice.paid', {}, PURCHASE_S + 9 * 86_400));
    expect(platform.stored[0]).toMatchObject({
      status: 'paid',
      paid_at: iso(PURCHASE_S + 9 * 86_400),
      subscription_status: 'trialing',
    });
    expect(platform.emails).toHaveLength(1);
  });

  it('failed: the Order is failed, one "Direct Debit failed" e-mail and no cancellation e-mail', async () => {
    const platform = memoryPlatform();
    const lookup = provider({ status: 'incomplete_expired', endedAtS: PURCHASE_S + 9 * 86_400 });
    const at = PURCHASE_S + 9 * 86_400;
    await deliver(platform, lookup, invoiceEvent('invoice.payment_failed', { status: 'open' }, at));
    await deliver(
      platform,
      lookup,
      sessionEvent('checkout.session.async_payment_failed', { payment_status: 'unpaid' }, at),
    );
    await deliver(platform, lookup, sessionEvent('checkout.session.completed', { payment_status: 'unpaid' }));
    expect(platform.stored).toHaveLength(1);
    expect(platform.stored[0]).toMatchObject({
      status: 'failed',
      failed_at: iso(at),
      subscription_status: 'incomplete_expired',
    });
    expect(subjects(platform)).toEqual([
      `Direct Debit failed: Gold package, ${SETUP_TEXT} from jane@example.co.uk`,
    ]);
  });
});

describe('a first Direct Debit that fails, however the news comes', () => {
  const at = PURCHASE_S + 9 * 86_400;
  /** The provider's three reports of it: the checkout's, the first invoice's, and the expiry 23 hours on. */
  const REPORTS = {
    asyncFailed: sessionEvent('checkout.session.async_payment_failed', { payment_status: 'unpaid' }, at),
    invoiceFailed: invoiceEvent('invoice.payment_failed', { status: 'open' }, at),
    expired: subscriptionEvent('customer.subscription.updated', {}, at + 82_800, { status: 'incomplete' }),
  };
  const FAILED = `Direct Debit failed: Gold package, ${SETUP_TEXT} from jane@example.co.uk`;

  /** Day one as a Direct Debit leaves it, then `reports` in that order; the subscription expires with its report. */
  async function failing(reports: (keyof typeof REPORTS)[]) {
    const platform = memoryPlatform();
    const lookup = provider({ status: 'incomplete' });
    await deliver(platform, lookup, sessionEvent('checkout.session.completed', { payment_status: 'unpaid' }));
    for (const report of reports) {
      if (report === 'expired') lookup.set({ status: 'incomplete_expired', endedAtS: at + 82_800 });
      await deliver(platform, lookup, REPORTS[report]);
    }
    return { platform, lookup };
  }

  it('each report alone ends the Order failed, with one e-mail', async () => {
    for (const report of Object.keys(REPORTS) as (keyof typeof REPORTS)[]) {
      const { platform, lookup } = await failing([report]);
      expect(platform.stored, report).toHaveLength(1);
      expect(platform.stored[0], report).toMatchObject({ status: 'failed', failure_email_sent: true });
      expect(subjects(platform), report).toEqual([FAILED]);
      await deliver(platform, lookup, REPORTS[report]);
      expect(platform.emails, report).toHaveLength(1);
    }
  });

  it('all three, in each of their six orders and each delivered twice: failed at the first, one e-mail', async () => {
    for (const order of permutations(Object.keys(REPORTS) as (keyof typeof REPORTS)[])) {
      const { platform, lookup } = await failing([...order, ...order]);
      const first = order[0] === 'expired' ? at + 82_800 : at;
      expect(platform.stored, order.join(' ')).toHaveLength(1);
      expect(platform.stored[0], order.join(' ')).toMatchObject({
        status: 'failed',
        failed_at: iso(first),
        subscription_status: 'incomplete_expired',
      });
      expect(subjects(platform), order.join(' ')).toEqual([FAILED]);
      await deliver(
        platform,
        lookup,
        sessionEvent('checkout.session.completed', { payment_status: 'unpaid' }),
      );
      expect(platform.stored[0]?.status).toBe('failed');
    }
  });
});

describe('after day one', () => {
  async function paid(lookup = provider()) {
    const platform = memoryPlatform();
    for (const raw of DAY_ONE) await deliver(platform, lookup, raw);
    platform.emails.length = 0;
    return platform;
  }

  it('a failed renewal: one e-mail per invoice, naming the next attempt, whatever the redeliveries', async () => {
    const lookup = provider({ status: 'past_due', periodEndS: SECOND_RENEWAL_S });
    const platform = await paid(lookup);
    const failed = invoiceEvent(
      'invoice.payment_failed',
      { billingReason: 'subscription_cycle', status: 'open', nextAttemptS: FIRST_RENEWAL_S + 2 * 86_400 },
      FIRST_RENEWAL_S + 3600,
    );
    await deliver(platform, lookup, failed);
    await deliver(platform, lookup, failed);
    expect(subjects(platform)).toEqual([
      `Renewal payment failed: Gold package, ${MONTHLY_TEXT} from jane@example.co.uk`,
    ]);
    expect(platform.emails[0]?.body).toContain('The payment provider tries again on 2 March 2027.');
    expect(platform.stored[0]).toMatchObject({
      subscription_status: 'past_due',
      renewal_failures_notified: ['in_renewal_1'],
    });
    await deliver(
      platform,
      lookup,
      invoiceEvent(
        'invoice.payment_failed',
        { id: 'in_renewal_2', billingReason: 'subscription_cycle', status: 'open' },
        SECOND_RENEWAL_S,
      ),
    );
    expect(platform.emails).toHaveLength(2);
    expect(platform.emails[1]?.body).toContain('will not try again by itself');
    // The date due is the invoice's, even when the event is a later attempt's.
    const late = invoiceEvent(
      'invoice.payment_failed',
      { id: 'in_renewal_3', billingReason: 'subscription_cycle', status: 'open' },
      SECOND_RENEWAL_S + 5 * 86_400,
    );
    ((late.data as Record<string, unknown>).object as Record<string, unknown>).created = SECOND_RENEWAL_S;
    await deliver(platform, lookup, late);
    expect(platform.emails[2]?.body).toContain('due on 28 March 2027 failed');
  });

  it('a renewal’s failure read after a retry paid it: no e-mail', async () => {
    const lookup = provider({ status: 'active', periodEndS: SECOND_RENEWAL_S });
    const platform = await paid(lookup);
    lookup.hold(invoice({ billingReason: 'subscription_cycle', status: 'paid' }));
    await deliverStale(
      platform,
      lookup,
      invoiceEvent(
        'invoice.payment_failed',
        { billingReason: 'subscription_cycle', status: 'open' },
        FIRST_RENEWAL_S,
      ),
    );
    expect(platform.emails).toEqual([]);
    expect(platform.stored[0]).not.toHaveProperty('renewal_failures_notified');
  });

  it('then ended after failed payments: one more e-mail', async () => {
    const lookup = provider({ status: 'past_due' });
    const platform = await paid(lookup);
    lookup.set({ status: 'canceled', endedAtS: FIRST_RENEWAL_S + 14 * 86_400, reason: 'payment_failed' });
    const deleted = subscriptionEvent('customer.subscription.deleted', {}, FIRST_RENEWAL_S + 14 * 86_400);
    await deliver(platform, lookup, deleted);
    await deliver(platform, lookup, deleted);
    expect(subjects(platform)).toEqual([
      'Subscription ended after failed payments: Gold package of jane@example.co.uk',
    ]);
    expect(platform.stored[0]).toMatchObject({
      subscription_status: 'canceled',
      end_reason: 'payment_failed',
    });
  });

  it('or left unpaid: one e-mail', async () => {
    const lookup = provider({ status: 'past_due' });
    const platform = await paid(lookup);
    lookup.set({ status: 'unpaid' });
    await deliver(
      platform,
      lookup,
      subscriptionEvent('customer.subscription.updated', {}, FIRST_RENEWAL_S + 14 * 86_400),
    );
    await deliver(
      platform,
      lookup,
      subscriptionEvent('customer.subscription.updated', {}, FIRST_RENEWAL_S + 15 * 86_400),
    );
    expect(subjects(platform)).toEqual(['Subscription unpaid: Gold package of jane@example.co.uk']);
  });

  it('a cancellation scheduled with cancel_at e-mails once, and its end adds nothing', async () => {
    const lookup = provider();
    const platform = await paid(lookup);
    lookup.set({ cancelAtS: SECOND_RENEWAL_S, periodEndS: SECOND_RENEWAL_S });
    await deliver(platform, lookup, subscriptionEvent('customer.subscription.updated', {}, PURCHASE_S + 100));
    expect(subjects(platform)).toEqual(['Subscription cancelled: Gold package of jane@example.co.uk']);
    expect(platform.emails[0]?.body).toContain('It ends on 28 March 2027 and does not renew.');
    lookup.set({
      status: 'canceled',
      cancelAtS: SECOND_RENEWAL_S,
      endedAtS: SECOND_RENEWAL_S,
      reason: 'cancellation_requested',
    });
    await deliver(platform, lookup, subscriptionEvent('customer.subscription.deleted', {}, SECOND_RENEWAL_S));
    expect(platform.emails).toHaveLength(1);
    expect(platform.stored[0]).toMatchObject({
      subscription_status: 'canceled',
      ended_at: iso(SECOND_RENEWAL_S),
    });
  });

  it('two events of the same second, in either order, leave the provider’s current state', async () => {
    for (const reversed of [false, true]) {
      const lookup = provider();
      const platform = await paid(lookup);
      lookup.set({ status: 'canceled', endedAtS: PURCHASE_S + 50, reason: 'cancellation_requested' });
      const pair = [
        subscriptionEvent('customer.subscription.updated', { status: 'active' }, PURCHASE_S + 50),
        subscriptionEvent('customer.subscription.deleted', { status: 'canceled' }, PURCHASE_S + 50),
      ];
      for (const raw of reversed ? pair.reverse() : pair) await deliver(platform, lookup, raw);
      expect(platform.stored[0]?.subscription_status).toBe('canceled');
    }
  });

  it('a dispute flags the Order and e-mails once', async () => {
    const platform = await paid();
    const disputed = event('charge.dispute.created', dispute(), PURCHASE_S + 30 * 86_400, 'evt_dispute');
    await deliver(platform, provider(), disputed);
    await deliver(platform, provider(), disputed);
    expect(platform.stored[0]).toMatchObject({
      disputed: true,
      disputes: [
        {
          id: 'du_test_1',
          amount: SETUP_PENCE,
          currency: CURRENCY,
          reason: 'debit_not_authorized',
          created_at: iso(PURCHASE_S + 30 * 86_400),
        },
      ],
      disputes_notified: ['du_test_1'],
    });
    expect(subjects(platform)).toEqual([
      `Payment disputed: ${SETUP_TEXT} of Gold package from jane@example.co.uk`,
    ]);
  });
});

describe('what is not this site’s purchase', () => {
  const GOLD_ITEMS = `not the gold package's 1 × ${SETUP_PENCE} gbp once and 1 × ${MONTHLY_PENCE} gbp every 1 month`;
  /** A completed checkout that sold `items`. */
  const selling = (...items: Record<string, unknown>[]) =>
    event('checkout.session.completed', withLineItems(session(), items), PURCHASE_S, 'evt_selling');
  const [SETUP_ITEM, MONTHLY_ITEM] = packageLineItems();
  const cases: [string, unknown, SubscriptionSpec | null, string][] = [
    [
      'a session with no package',
      sessionEvent('checkout.session.completed', { metadata: {} }),
      {},
      `checkout ${SESSION_ID} names package "none", not gold`,
    ],
    [
      'a session of the monthly fee alone',
      selling(MONTHLY_ITEM!),
      {},
      `checkout ${SESSION_ID} sold 1 × ${MONTHLY_PENCE} "gbp" every 1 month, ${GOLD_ITEMS}`,
    ],
    [
      'a session whose setup is in yen',
      selling(lineItem('li_setup', SETUP_PENCE, null, { currency: 'jpy' }), MONTHLY_ITEM!),
      {},
      `checkout ${SESSION_ID} sold 1 × ${SETUP_PENCE} "jpy" once and 1 × ${MONTHLY_PENCE} "gbp" every 1 month, ${GOLD_ITEMS}`,
    ],
    [
      'a session with a third item',
      selling(SETUP_ITEM!, MONTHLY_ITEM!, lineItem('li_extra', 500, null)),
      {},
      `checkout ${SESSION_ID} sold 1 × ${SETUP_PENCE} "gbp" once and 1 × ${MONTHLY_PENCE} "gbp" every 1 month and 1 × 500 "gbp" once, ${GOLD_ITEMS}`,
    ],
    [
      'a payment-mode session',
      sessionEvent('checkout.session.completed', { mode: 'payment', subscription: null }),
      {},
      `checkout ${SESSION_ID} started no subscription`,
    ],
    [
      'a subscription of another product',
      sessionEvent('checkout.session.completed'),
      { metadata: {} },
      `subscription ${SUBSCRIPTION_ID} names no package in its metadata`,
    ],
    [
      'a subscription at another price',
      invoiceEvent('invoice.paid', {}, PURCHASE_S),
      { amount: 100 },
      `subscription ${SUBSCRIPTION_ID} charges 1 × 100 "gbp" every 1 month, not the gold package's ${MONTHLY_PENCE} gbp every 1 month`,
    ],
    [
      'a manual invoice',
      invoiceEvent('invoice.paid', { billingReason: 'manual' }, PURCHASE_S),
      {},
      `invoice in_renewal_1 is for "manual", which this site's subscriptions never bill`,
    ],
    [
      'an invoice of no subscription',
      event('invoice.paid', { ...invoice(), parent: null }, PURCHASE_S),
      {},
      `invoice ${FIRST_INVOICE_ID} bills no subscription`,
    ],
    [
      'a subscription the provider does not know',
      subscriptionEvent('customer.subscription.updated', {}, PURCHASE_S),
      null,
      `the provider has no subscription ${SUBSCRIPTION_ID}`,
    ],
    [
      'a dispute of another payment',
      event('charge.dispute.created', dispute({ payment_intent: 'pi_other' }), PURCHASE_S),
      {},
      "dispute du_test_1 is about a payment of no subscription's invoice",
    ],
    [
      'a dispute that names no payment',
      event('charge.dispute.created', dispute({ payment_intent: null }), PURCHASE_S),
      {},
      'dispute du_test_1 names no payment',
    ],
  ];

  for (const [what, raw, spec, reason] of cases)
    it(`${what}: acknowledged with the reason, no Order, no e-mail`, async () => {
      const platform = memoryPlatform();
      const lookup = provider(spec ?? {});
      if (spec === null) lookup.set(null);
      expect(await deliver(platform, lookup, raw)).toStrictEqual({ kind: 'ignored', reason });
      expect(platform.stored).toEqual([]);
      expect(platform.emails).toEqual([]);
    });

  it('an object the provider does not have (a checkout session, an invoice, a dispute): acknowledged, nothing asked further', async () => {
    const cases: [unknown, string][] = [
      [
        sessionEvent('checkout.session.completed', { id: 'cs_gone' }),
        'the provider has no checkout session cs_gone',
      ],
      [invoiceEvent('invoice.paid', { id: 'in_gone' }, PURCHASE_S), 'the provider has no invoice in_gone'],
      [
        event('charge.dispute.created', dispute({ id: 'du_gone' }), PURCHASE_S),
        'the provider has no dispute du_gone',
      ],
    ];
    for (const [raw, reason] of cases) {
      const platform = memoryPlatform();
      const lookup = provider();
      expect(await deliverStale(platform, lookup, raw)).toStrictEqual({ kind: 'ignored', reason });
      expect(lookup.asked).toHaveLength(1);
      expect(platform.stored).toEqual([]);
    }
  });

  it('a session that sold the package is ours whatever its total came to (VAT added, nothing due)', async () => {
    for (const amountTotal of [95_880, 0]) {
      const platform = memoryPlatform();
      const paymentStatus = amountTotal === 0 ? 'no_payment_required' : 'paid';
      await deliver(
        platform,
        provider(),
        sessionEvent('checkout.session.completed', {
          amount_total: amountTotal,
          payment_status: paymentStatus,
        }),
      );
      expect(platform.stored[0], String(amountTotal)).toMatchObject({
        status: 'paid',
        amount_total: amountTotal,
      });
      expect(platform.emails).toHaveLength(1);
    }
  });
});

describe('failures are retried, never lost', () => {
  it('a failed e-mail fails the delivery; the next delivery sends it once', async () => {
    const platform = memoryPlatform();
    platform.failSendEmail = 1;
    const lookup = provider();
    await expect(deliver(platform, lookup, invoiceEvent('invoice.paid', {}, PURCHASE_S))).rejects.toThrow(
      'Mail service unavailable',
    );
    expect(platform.stored[0]).toMatchObject({ status: 'paid' });
    expect(platform.stored[0]).not.toHaveProperty('email_sent');
    // Any later event of the purchase sends it, not only a redelivery of the same one.
    await deliver(platform, lookup, subscriptionEvent('customer.subscription.updated', {}, PURCHASE_S));
    expect(platform.emails).toHaveLength(1);
    expect(platform.stored[0]).toMatchObject({ email_sent: true });
  });

  it('the provider not answering fails the delivery and records nothing', async () => {
    const platform = memoryPlatform();
    const lookup = provider();
    lookup.subscription = async () => {
      throw Object.assign(new Error('connection refused'), { statusCode: undefined });
    };
    await expect(deliver(platform, lookup, sessionEvent('checkout.session.completed'))).rejects.toThrow(
      'connection refused',
    );
    expect(platform.stored).toEqual([]);
  });
});

describe('each day-one event on its own', () => {
  const paidSubject = `New paid order: Gold package, ${SETUP_TEXT} today from jane@example.co.uk`;

  it('a completed card checkout: a paid Order with the checkout’s facts, its e-mail marked sent, the provider asked no session', async () => {
    const platform = memoryPlatform();
    const lookup = provider({ status: 'trialing' });
    await deliver(platform, lookup, sessionEvent('checkout.session.completed'));
    expect(platform.stored).toEqual([
      {
        ...PAID_ORDER,
        id: 'order_1',
        created_date: expect.any(String),
        customer_name: 'Jane Doe',
      },
    ]);
    expect(subjects(platform)).toEqual([paidSubject]);
    expect(lookup.sessionCalls).toBe(0);
  });

  it('the checkout’s payment: unpaid is pending, no payment required is paid, an async success is paid whatever it says', async () => {
    const cases: [Parameters<typeof sessionEvent>[0], string, string][] = [
      ['checkout.session.completed', 'unpaid', 'pending'],
      ['checkout.session.completed', 'no_payment_required', 'paid'],
      ['checkout.session.async_payment_succeeded', 'unpaid', 'paid'],
      ['checkout.session.async_payment_failed', 'unpaid', 'failed'],
      ['checkout.session.async_payment_failed', 'paid', 'failed'],
    ];
    for (const [type, paymentStatus, status] of cases) {
      const platform = memoryPlatform();
      await deliver(
        platform,
        provider({ status: 'incomplete' }),
        sessionEvent(type, { payment_status: paymentStatus }, PURCHASE_S + 60),
      );
      const stamp = {
        pending: {},
        paid: { paid_at: iso(PURCHASE_S + 60) },
        failed: { failed_at: iso(PURCHASE_S + 60) },
      };
      expect(platform.stored[0], `${type} ${paymentStatus}`).toMatchObject({
        status,
        session_id: SESSION_ID,
        customer_email: 'jane@example.co.uk',
        amount_total: SETUP_PENCE,
        ...stamp[status as keyof typeof stamp],
      });
    }
  });

  it('a failed Direct Debit checkout: one "Direct Debit failed" e-mail, marked sent', async () => {
    const platform = memoryPlatform();
    const lookup = provider({ status: 'incomplete' });
    const failed = sessionEvent('checkout.session.async_payment_failed', { payment_status: 'unpaid' });
    await deliver(platform, lookup, failed);
    await deliver(platform, lookup, failed);
    expect(subjects(platform)).toEqual([
      `Direct Debit failed: Gold package, ${SETUP_TEXT} from jane@example.co.uk`,
    ]);
    expect(platform.stored[0]).toMatchObject({ status: 'failed', failure_email_sent: true });
  });

  it('the first invoice, with no checkout known to the provider: the amount, currency and buyer are the invoice’s', async () => {
    const platform = memoryPlatform();
    const lookup = provider({ status: 'trialing' });
    lookup.sessionOfSubscription = async () => null;
    await deliver(platform, lookup, invoiceEvent('invoice.paid', { currency: CURRENCY }, PURCHASE_S));
    expect(platform.stored[0]).toMatchObject({
      status: 'paid',
      amount_total: SETUP_PENCE,
      currency: CURRENCY,
      customer_email: 'jane@example.co.uk',
    });
    expect(platform.stored[0]).not.toHaveProperty('session_id');
    const anonymous = memoryPlatform();
    const raw = invoiceEvent('invoice.paid', {}, PURCHASE_S);
    ((raw.data as Record<string, unknown>).object as Record<string, unknown>).customer_email = null;
    await deliver(anonymous, lookup, raw);
    expect(anonymous.stored[0]).not.toHaveProperty('customer_email');
  });

  it('the first invoice failed: failed at once, and when it comes only as the subscription’s expiry, then too', async () => {
    const failedInvoice = invoiceEvent('invoice.payment_failed', { status: 'open' }, PURCHASE_S + 60);
    const open = memoryPlatform();
    await deliver(open, provider({ status: 'incomplete' }), failedInvoice);
    expect(open.stored[0]).toMatchObject({ status: 'failed', failed_at: iso(PURCHASE_S + 60) });
    const expired = memoryPlatform();
    const lookup = provider({
      status: 'incomplete_expired',
      endedAtS: PURCHASE_S + 60,
      reason: 'payment_failed',
    });
    await deliver(
      expired,
      lookup,
      subscriptionEvent('customer.subscription.updated', {}, PURCHASE_S + 82_800),
    );
    expect(expired.stored[0]).toMatchObject({
      status: 'failed',
      failed_at: iso(PURCHASE_S + 82_800),
      subscription_status: 'incomplete_expired',
    });
    // Its own e-mail only: not "ended after failed payments", though the subscription ended for that reason.
    expect(subjects(expired)).toEqual([
      `Direct Debit failed: Gold package, ${SETUP_TEXT} from jane@example.co.uk`,
    ]);
  });

  it('an invoice event that is neither paid nor failed leaves the day-one payment as it is', async () => {
    const platform = memoryPlatform();
    const lookup = provider({ status: 'incomplete' });
    await deliver(platform, lookup, invoiceEvent('invoice.paid', { status: 'open' }, PURCHASE_S));
    expect(platform.stored[0]).toMatchObject({ status: 'pending', amount_total: SETUP_PENCE });
  });

  it('a renewal’s invoice is not the day-one payment: a pending Order stays pending, without its amount', async () => {
    const platform = memoryPlatform();
    const lookup = provider({ status: 'incomplete' });
    lookup.sessionOfSubscription = async () => null;
    await deliver(
      platform,
      lookup,
      invoiceEvent('invoice.paid', { billingReason: 'subscription_cycle' }, PURCHASE_S),
    );
    expect(platform.stored[0]).toMatchObject({ status: 'pending' });
    expect(platform.stored[0]).not.toHaveProperty('amount_total');
  });

  it('once the Order knows its checkout, later events do not ask the provider for it again', async () => {
    const platform = memoryPlatform();
    const lookup = provider({ status: 'trialing' });
    await deliver(platform, lookup, invoiceEvent('invoice.paid', {}, PURCHASE_S));
    expect(lookup.sessionCalls).toBe(1);
    await deliver(platform, lookup, subscriptionEvent('customer.subscription.updated', {}, PURCHASE_S + 60));
    await deliver(platform, lookup, sessionEvent('checkout.session.completed'));
    expect(lookup.sessionCalls).toBe(1);
  });
});

describe('the ends of a subscription, each e-mail marked sent', () => {
  async function paid(lookup: ReturnType<typeof provider>) {
    const platform = memoryPlatform();
    for (const raw of DAY_ONE) await deliver(platform, lookup, raw);
    expect(platform.stored[0]).toMatchObject({ email_sent: true });
    platform.emails.length = 0;
    return platform;
  }

  it('cancelled now, by request: one e-mail naming the day it ended', async () => {
    const lookup = provider();
    const platform = await paid(lookup);
    lookup.set({ status: 'canceled', endedAtS: SECOND_RENEWAL_S, reason: 'cancellation_requested' });
    const deleted = subscriptionEvent('customer.subscription.deleted', {}, SECOND_RENEWAL_S);
    await deliver(platform, lookup, deleted);
    await deliver(platform, lookup, deleted);
    expect(subjects(platform)).toEqual(['Subscription cancelled: Gold package of jane@example.co.uk']);
    expect(platform.emails[0]?.body).toContain('It ends on 28 March 2027 and does not renew.');
    expect(platform.stored[0]).toMatchObject({ cancellation_email_sent: true, cancel_at: null });
  });

  it('ended after failed payments, or left unpaid: marked sent', async () => {
    const ended = provider();
    const endedOrder = await paid(ended);
    ended.set({ status: 'canceled', endedAtS: SECOND_RENEWAL_S, reason: 'payment_failed' });
    await deliver(
      endedOrder,
      ended,
      subscriptionEvent('customer.subscription.deleted', {}, SECOND_RENEWAL_S),
    );
    expect(endedOrder.stored[0]).toMatchObject({ ended_email_sent: true });
    expect(endedOrder.stored[0]).not.toHaveProperty('cancellation_email_sent');
    const unpaid = provider();
    const unpaidOrder = await paid(unpaid);
    unpaid.set({ status: 'unpaid' });
    await deliver(
      unpaidOrder,
      unpaid,
      subscriptionEvent('customer.subscription.updated', {}, SECOND_RENEWAL_S),
    );
    expect(unpaidOrder.stored[0]).toMatchObject({ unpaid_email_sent: true });
  });

  it('a subscription cancelled after its first payment failed: no cancellation e-mail, the failure had its own', async () => {
    const platform = memoryPlatform();
    const lookup = provider({ status: 'incomplete' });
    await deliver(
      platform,
      lookup,
      sessionEvent('checkout.session.async_payment_failed', { payment_status: 'unpaid' }),
    );
    lookup.set({ status: 'canceled', endedAtS: PURCHASE_S + 86_400, reason: 'cancellation_requested' });
    await deliver(
      platform,
      lookup,
      subscriptionEvent('customer.subscription.deleted', {}, PURCHASE_S + 86_400),
    );
    expect(subjects(platform)).toEqual([
      `Direct Debit failed: Gold package, ${SETUP_TEXT} from jane@example.co.uk`,
    ]);
    expect(platform.stored[0]).toMatchObject({ status: 'failed', subscription_status: 'canceled' });
  });

  it('two disputes: both recorded, one e-mail each', async () => {
    const lookup = provider();
    const platform = await paid(lookup);
    await deliver(platform, lookup, event('charge.dispute.created', dispute(), PURCHASE_S + 30 * 86_400));
    await deliver(
      platform,
      lookup,
      event(
        'charge.dispute.created',
        dispute({ id: 'du_test_2', reason: 'fraudulent' }),
        PURCHASE_S + 31 * 86_400,
      ),
    );
    expect(platform.stored[0]?.disputes?.map((known) => [known.id, known.reason])).toEqual([
      ['du_test_1', 'debit_not_authorized'],
      ['du_test_2', 'fraudulent'],
    ]);
    expect(platform.stored[0]).toMatchObject({ disputes_notified: ['du_test_1', 'du_test_2'] });
    expect(platform.emails).toHaveLength(2);
  });
});
