/**
 * A checkout session's events against the `Order` records (an in-memory platform behind the real `Orders`): the order
 * is recorded once, its day-one payment only moves forward, what an earlier event lacked is filled in and nothing
 * recorded is rewritten, and the agency hears once that it is paid or once that the Direct Debit failed, whatever
 * arrives, in whatever order, however often, together or apart.
 */
import { describe, expect, it } from 'vitest';
import type {
  SessionEventType,
  SessionFacts,
} from '../../../base44/functions/stripeWebhook/event-content.ts';
import { isoTime } from '../../../base44/functions/stripeWebhook/order-record.ts';
import { applySessionEvent } from '../../../base44/functions/stripeWebhook/session-event.ts';
import { PURCHASE_S, SESSION_ID } from '../../support/provider-events.ts';
import { PURCHASE_SESSION_FACTS, PURCHASE_SESSION_FIELDS } from '../../support/purchase-records.ts';
import { type MemoryPlatform, memoryPlatform } from './memory-platform.ts';

const AGENCY = 'hello@example.co.uk';
const SETTLED_S = PURCHASE_S + 3 * 86_400;
const PAID_SUBJECT = 'New paid order: Gold package, £799.00 today from jane@example.co.uk';
const FAILED_SUBJECT = 'Direct Debit failed: Gold package, £799.00 from jane@example.co.uk';

const facts = (fields: Partial<SessionFacts> = {}): SessionFacts => ({
  ...PURCHASE_SESSION_FACTS,
  ...fields,
});
const FIELDS = PURCHASE_SESSION_FIELDS;

const event = (type: SessionEventType, session: Partial<SessionFacts> = {}, createdS = PURCHASE_S) => ({
  type,
  createdS,
  session: facts(session),
});
const card = event('checkout.session.completed');
const bacs = {
  completed: event('checkout.session.completed', { paymentStatus: 'unpaid' }),
  succeeded: event('checkout.session.async_payment_succeeded', {}, SETTLED_S),
  failed: event('checkout.session.async_payment_failed', { paymentStatus: 'unpaid' }, SETTLED_S),
};

async function deliver(platform: MemoryPlatform, ...events: ReturnType<typeof event>[]) {
  for (const delivered of events) await applySessionEvent(platform.orders, AGENCY, delivered);
}
const subjects = (platform: MemoryPlatform) => platform.emails.map((email) => email.subject);

describe('applySessionEvent', () => {
  it('a card payment: the order recorded paid, the agency e-mailed, and the order as stored returned', async () => {
    const platform = memoryPlatform();
    const order = await applySessionEvent(platform.orders, AGENCY, card);
    const recorded = {
      ...FIELDS,
      id: 'order_1',
      status: 'paid',
      paid_at: isoTime(PURCHASE_S),
      email_sent: true,
    };
    expect(platform.stored).toStrictEqual([recorded]);
    expect(order).toStrictEqual(recorded);
    expect(platform.emails).toHaveLength(1);
    expect(platform.emails[0]?.to).toBe(AGENCY);
    expect(platform.emails[0]?.subject).toBe(PAID_SUBJECT);
    expect(platform.emails[0]?.body).toContain('\nPaid by: Jane Doe <jane@example.co.uk>\n');
    expect(platform.emails[0]?.body).toContain(`\nPaid at: ${isoTime(PURCHASE_S)}\n`);
  });

  it('the settlement’s event decides: paid, even when its session still reads unpaid', async () => {
    const platform = memoryPlatform();
    await deliver(platform, bacs.completed, {
      ...bacs.succeeded,
      session: facts({ paymentStatus: 'unpaid' }),
    });
    expect(platform.stored[0]).toMatchObject({ status: 'paid', paid_at: isoTime(SETTLED_S) });
    expect(subjects(platform)).toEqual([PAID_SUBJECT]);
  });

  it('a session that needs no payment is paid', async () => {
    const platform = memoryPlatform();
    await deliver(platform, event('checkout.session.completed', { paymentStatus: 'no_payment_required' }));
    expect(platform.stored[0]?.status).toBe('paid');
    expect(subjects(platform)).toEqual([PAID_SUBJECT]);
  });

  it('a Direct Debit: pending without an e-mail, then paid when it settles, with one e-mail', async () => {
    const platform = memoryPlatform();
    await deliver(platform, bacs.completed);
    expect(platform.stored).toStrictEqual([
      { ...FIELDS, id: 'order_1', status: 'pending', email_sent: false },
    ]);
    expect(platform.emails).toEqual([]);
    await deliver(platform, bacs.completed, bacs.succeeded, bacs.succeeded, bacs.completed);
    expect(platform.stored).toStrictEqual([
      { ...FIELDS, id: 'order_1', status: 'paid', paid_at: isoTime(SETTLED_S), email_sent: true },
    ]);
    expect(subjects(platform)).toEqual([PAID_SUBJECT]);
  });

  it('a Direct Debit that fails: failed, with one failure e-mail and never a paid one', async () => {
    const platform = memoryPlatform();
    await deliver(platform, bacs.completed, bacs.failed, bacs.failed, bacs.succeeded, bacs.completed);
    expect(platform.stored).toStrictEqual([
      {
        ...FIELDS,
        id: 'order_1',
        status: 'failed',
        failed_at: isoTime(SETTLED_S),
        email_sent: false,
        failure_email_sent: true,
      },
    ]);
    expect(subjects(platform)).toEqual([FAILED_SUBJECT]);
    expect(platform.emails[0]?.body).toContain(`\nFailed at: ${isoTime(SETTLED_S)}\n`);
  });

  it('the failure arriving first records a failed order; a paid one is never failed later', async () => {
    const failedFirst = memoryPlatform();
    await deliver(failedFirst, bacs.failed, bacs.completed);
    expect(failedFirst.stored[0]).toMatchObject({ status: 'failed', failed_at: isoTime(SETTLED_S) });
    expect(failedFirst.stored[0]).not.toHaveProperty('paid_at');
    expect(subjects(failedFirst)).toEqual([FAILED_SUBJECT]);

    const paidFirst = memoryPlatform();
    await deliver(paidFirst, bacs.succeeded, bacs.failed, bacs.completed);
    expect(paidFirst.stored[0]).toMatchObject({ status: 'paid', paid_at: isoTime(SETTLED_S) });
    expect(paidFirst.stored[0]).not.toHaveProperty('failed_at');
    expect(subjects(paidFirst)).toEqual([PAID_SUBJECT]);
  });

  it('a redelivery changes nothing and writes nothing', async () => {
    const platform = memoryPlatform();
    await deliver(platform, card);
    const [before, writes] = [structuredClone(platform.stored), platform.writes];
    const again = await applySessionEvent(platform.orders, AGENCY, { ...card, createdS: PURCHASE_S + 60 });
    expect(platform.stored).toStrictEqual(before);
    expect(again).toStrictEqual(before[0]);
    expect(platform.writes).toBe(writes);
    expect(platform.emails).toHaveLength(1);
  });

  it('fills in what an earlier event did not carry, and never rewrites what is recorded', async () => {
    const platform = memoryPlatform();
    await deliver(
      platform,
      event('checkout.session.completed', {
        paymentStatus: 'unpaid',
        customerEmail: undefined,
        amountTotal: undefined,
      }),
    );
    expect(platform.stored[0]).not.toHaveProperty('customer_email');
    await deliver(
      platform,
      event('checkout.session.async_payment_succeeded', { package: 'silver', currency: 'eur' }, SETTLED_S),
    );
    expect(platform.stored).toStrictEqual([
      { ...FIELDS, id: 'order_1', status: 'paid', paid_at: isoTime(SETTLED_S), email_sent: true },
    ]);
    expect(subjects(platform)).toEqual([PAID_SUBJECT]);
  });

  it('an e-mail that failed leaves the order unmarked, and the redelivery sends it', async () => {
    const platform = memoryPlatform();
    platform.failSendEmail = 1;
    await expect(applySessionEvent(platform.orders, AGENCY, card)).rejects.toThrow(
      'Mail service unavailable',
    );
    expect(platform.stored).toMatchObject([{ status: 'paid', email_sent: false }]);
    expect(platform.emails).toEqual([]);
    await deliver(platform, card);
    expect(platform.stored).toMatchObject([{ status: 'paid', email_sent: true }]);
    expect(subjects(platform)).toEqual([PAID_SUBJECT]);
  });

  it('deliveries of one checkout arriving together: one order, one e-mail', async () => {
    const platform = memoryPlatform();
    const events = [bacs.completed, bacs.succeeded, bacs.completed, bacs.succeeded, bacs.completed];
    await Promise.all(events.map((delivered) => applySessionEvent(platform.orders, AGENCY, delivered)));
    expect(platform.stored).toStrictEqual([
      { ...FIELDS, id: 'order_1', status: 'paid', paid_at: isoTime(SETTLED_S), email_sent: true },
    ]);
    expect(subjects(platform)).toEqual([PAID_SUBJECT]);
  });

  it('a delivery that failed does not hold up the next one for the same checkout', async () => {
    const platform = memoryPlatform();
    platform.failSendEmail = 1;
    const [first, second] = await Promise.allSettled([
      applySessionEvent(platform.orders, AGENCY, card),
      applySessionEvent(platform.orders, AGENCY, card),
    ]);
    expect(first.status).toBe('rejected');
    expect(second.status).toBe('fulfilled');
    expect(platform.stored).toMatchObject([{ email_sent: true }]);
    expect(subjects(platform)).toEqual([PAID_SUBJECT]);
  });

  it('each checkout gets its own order, the later one beside the earlier', async () => {
    const platform = memoryPlatform();
    const other = event('checkout.session.completed', { sessionId: 'cs_other', paymentStatus: 'unpaid' });
    await deliver(platform, card, other);
    expect(platform.stored).toMatchObject([
      { id: 'order_1', session_id: SESSION_ID, status: 'paid' },
      { id: 'order_2', session_id: 'cs_other', status: 'pending' },
    ]);
  });

  it('different checkouts arriving together each get their order and e-mail', async () => {
    const platform = memoryPlatform();
    const other = event('checkout.session.completed', {
      sessionId: 'cs_other',
      customerEmail: 'bob@example.com',
      customerName: undefined,
    });
    await Promise.all(
      [card, other].map((delivered) => applySessionEvent(platform.orders, AGENCY, delivered)),
    );
    expect(platform.stored.map((order) => order.session_id).sort()).toEqual(['cs_other', SESSION_ID]);
    expect(platform.emails.map((email) => email.body.split('\n')[2]).sort()).toEqual([
      'Paid by: Jane Doe <jane@example.co.uk>',
      'Paid by: bob@example.com',
    ]);
  });
});
