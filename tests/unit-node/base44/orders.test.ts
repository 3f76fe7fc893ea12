/**
 * The webhook's access to the `Order` records (an in-memory platform behind the real `Orders`): lookups find the
 * order they name among others, an update writes only what changed, an e-mail is sent at most once per mark, and the
 * per-order queue runs deliveries of one checkout one after another, never letting a later one overtake.
 */
import { describe, expect, it } from 'vitest';
import type { StoredOrder } from '../../../base44/functions/stripeWebhook/order-record.ts';
import { queuedKeys, serialized } from '../../../base44/functions/stripeWebhook/orders.ts';
import { memoryPlatform } from './memory-platform.ts';

const order = (n: number, fields: Partial<StoredOrder> = {}): StoredOrder => ({
  id: `order_${n}`,
  session_id: `cs_${n}`,
  subscription_id: `sub_${n}`,
  status: 'paid',
  ...fields,
});
const EMAIL = { to: 'hello@example.co.uk', subject: 'New paid order', body: 'Paid.\n' };

function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('Orders', () => {
  it('finds the order of a subscription among others, the oldest of two, or none', async () => {
    const { orders } = memoryPlatform([
      order(1),
      order(2, { created_date: '2027-01-31T10:00:02.000Z' } as Partial<StoredOrder>),
      order(3),
      order(4, {
        subscription_id: 'sub_2',
        created_date: '2027-01-31T10:00:01.000Z',
      } as Partial<StoredOrder>),
    ]);
    expect(await orders.bySubscription('sub_3')).toStrictEqual(order(3));
    expect((await orders.bySubscription('sub_2'))?.id).toBe('order_4');
    expect(await orders.bySubscription('sub_9')).toBeUndefined();
  });

  it('an update writes only the fields that changed (lists compared by value) and gives the order as it now is', async () => {
    const platform = memoryPlatform([order(1, { renewal_failures_notified: ['in_2'] }), order(2)]);
    const recorded = platform.stored[0]!;
    const unchanged = await platform.orders.update(recorded, {
      status: 'paid',
      renewal_failures_notified: ['in_2'],
    });
    expect(unchanged).toStrictEqual(recorded);
    expect(platform.writes).toBe(0);
    const changed = await platform.orders.update(recorded, {
      status: 'paid',
      renewal_failures_notified: ['in_2', 'in_3'],
    });
    expect(changed).toStrictEqual(order(1, { renewal_failures_notified: ['in_2', 'in_3'] }));
    expect(platform.stored).toStrictEqual([changed, order(2)]);
    expect(platform.writes).toBe(1);
  });

  it('e-mails once per mark: sent, then marked; an order already marked is left alone', async () => {
    const platform = memoryPlatform([order(1, { email_sent: false })]);
    const marked = await platform.orders.notifyOnce(platform.stored[0]!, { email_sent: true }, EMAIL);
    expect(marked).toStrictEqual(order(1, { email_sent: true }));
    expect(platform.stored).toStrictEqual([marked]);
    expect(platform.emails).toStrictEqual([EMAIL]);
    expect(await platform.orders.notifyOnce(marked, { email_sent: true }, EMAIL)).toStrictEqual(marked);
    expect(platform.emails).toHaveLength(1);
    expect(platform.writes).toBe(1);
  });

  it('an e-mail that fails leaves the order unmarked', async () => {
    const platform = memoryPlatform([order(1, { email_sent: false })]);
    platform.failSendEmail = 1;
    await expect(
      platform.orders.notifyOnce(platform.stored[0]!, { email_sent: true }, EMAIL),
    ).rejects.toThrow('Mail service unavailable');
    expect(platform.stored).toStrictEqual([order(1, { email_sent: false })]);
  });
});

describe('serialized', () => {
  it('runs work of one key one after another, after a failure too, and other keys alongside', async () => {
    const log: string[] = [];
    const first = gate();
    const a = serialized('cs_a', async () => {
      log.push('a1 start');
      await first.opened;
      log.push('a1 end');
      throw new Error('a1 failed');
    });
    const b = serialized('cs_a', async () => {
      log.push('a2');
      return 'a2 done';
    });
    const other = serialized('cs_b', async () => {
      log.push('b');
    });
    await other;
    expect(log).toEqual(['a1 start', 'b']);
    first.open();
    await expect(a).rejects.toThrow('a1 failed');
    expect(await b).toBe('a2 done');
    expect(log).toEqual(['a1 start', 'b', 'a1 end', 'a2']);
  });

  it('work queued after an earlier run ended still waits for the run before it', async () => {
    const log: string[] = [];
    const second = gate();
    const a = serialized('cs_q', async () => {
      log.push('1');
    });
    const b = serialized('cs_q', async () => {
      log.push('2 start');
      await second.opened;
      log.push('2 end');
    });
    await a;
    await settle();
    const c = serialized('cs_q', async () => {
      log.push('3');
    });
    await settle();
    expect(log).toEqual(['1', '2 start']);
    second.open();
    await Promise.all([b, c]);
    expect(log).toEqual(['1', '2 start', '2 end', '3']);
  });

  it('holds an entry for a key only while a run of it is queued or running', async () => {
    const before = queuedKeys();
    const first = gate();
    const a = serialized('cs_size', async () => {
      await first.opened;
    });
    const b = serialized('cs_size', async () => {});
    expect(queuedKeys()).toBe(before + 1);
    first.open();
    await Promise.all([a, b]);
    await settle();
    expect(queuedKeys()).toBe(before);
  });
});
