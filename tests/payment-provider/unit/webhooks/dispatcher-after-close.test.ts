/**
 * The dispatcher once closed starts no attempt (not even building its request), a pending event with no time for its
 * next attempt is not retried after a failed resend, and a retry forgotten when a resend delivered its event stays
 * forgotten even if an event of that id is pending again later.
 */
import { describe, expect, it } from 'vitest';
import { dispatcherSetup } from '../support/dispatcher-setup.ts';
import { pause } from '../support/endpoint-server.ts';
import { newEvent } from '../support/stored-events.ts';

const { setup } = dispatcherSetup();

describe('WebhookDispatcher after close(), and its forgotten retries', () => {
  it('a resend after close() answers null without even asking where to send', async () => {
    const { server, events, dispatcher, asked } = await setup([{ status: 200 }]);
    events.insert([newEvent('evt_1')], Date.now() + 60_000);
    dispatcher.start();
    await dispatcher.close();
    expect(await dispatcher.resend('evt_1')).toBeNull();
    expect(asked).toStrictEqual([]);
    expect(server.received).toHaveLength(0);
    expect(events.get('evt_1')).toMatchObject({ state: 'pending', attempt_count: 0 });
  });

  it('a failed resend of a pending event with no next attempt time schedules nothing', async () => {
    const { server, db, events, dispatcher } = await setup([{ status: 500, body: 'down' }]);
    events.insert([newEvent('evt_1')], Date.now() + 60_000);
    db.exec("UPDATE provider_events SET next_attempt_ms = NULL WHERE id = 'evt_1'");
    dispatcher.start();
    expect(await dispatcher.resend('evt_1')).toMatchObject({ status: 500, ok: false, manual: true });
    await pause(400);
    expect(server.received).toHaveLength(1);
    expect(events.get('evt_1')).toMatchObject({ state: 'pending', attempt_count: 1, next_attempt_ms: null });
  });

  it('a resend that delivers forgets the scheduled retry: a pending event of that id later is not sent by it', async () => {
    const { server, db, events, dispatcher } = await setup([{ status: 500 }, { status: 200 }], {
      firstDelayMs: 300,
      maxDelayMs: 300,
      maxAttempts: 5,
    });
    events.insert([newEvent('evt_1')], Date.now());
    dispatcher.start();
    await dispatcher.publish(['evt_1']);
    expect(events.get('evt_1')).toMatchObject({ state: 'pending', attempt_count: 1 });
    expect(await dispatcher.resend('evt_1')).toMatchObject({ status: 200, ok: true, manual: true });
    expect(events.get('evt_1')).toMatchObject({ state: 'delivered', next_attempt_ms: null });
    db.exec('DELETE FROM provider_events');
    events.insert([newEvent('evt_1')], Date.now() + 60_000);
    await pause(700);
    expect(server.received).toHaveLength(2);
    expect(events.get('evt_1')).toMatchObject({ state: 'pending', attempt_count: 0 });
  });
});
