/**
 * The dispatcher's life cycle: a second start() schedules nothing more, close() waits for the attempts under way, a
 * retry rescheduled by a failed resend is forgotten by clear(), and an event emptied away during its attempt.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../../host-harness/payments/server/database.ts';
import {
  PROVIDER_EVENT_TABLES,
  ProviderEventStore,
} from '../../../../host-harness/payments/webhooks/provider-event-store.ts';
import { WebhookDispatcher } from '../../../../host-harness/payments/webhooks/webhook-dispatcher.ts';
import { dispatcherSetup } from '../support/dispatcher-setup.ts';
import { pause } from '../support/endpoint-server.ts';
import { newEvent } from '../support/stored-events.ts';

const { setup, open } = dispatcherSetup();

describe('WebhookDispatcher', () => {
  it('a second start() does not bring back attempts clear() forgot', async () => {
    const { server, events, dispatcher } = await setup([{ status: 200 }]);
    events.insert([newEvent('evt_1')], Date.now() + 150);
    dispatcher.start();
    dispatcher.clear();
    dispatcher.start();
    await pause(500);
    expect(server.received).toHaveLength(0);
    expect(events.get('evt_1')).toMatchObject({ state: 'pending', attempt_count: 0 });
  });

  it('close() resolves only once the attempts under way have ended', async () => {
    const { server, events, dispatcher } = await setup(['hang']);
    events.insert([newEvent('evt_1')], Date.now());
    dispatcher.start();
    let published = false;
    const publishing = dispatcher.publish(['evt_1']).then(() => {
      published = true;
    });
    await server.waitFor(1);
    await dispatcher.close();
    expect(published).toBe(true);
    await publishing;
  });

  it('clear() forgets a retry that a failed resend scheduled again', async () => {
    const { server, events, dispatcher } = await setup([{ status: 500 }], {
      firstDelayMs: 300,
      maxDelayMs: 300,
      maxAttempts: 5,
    });
    events.insert([newEvent('evt_1')], Date.now());
    dispatcher.start();
    await dispatcher.publish(['evt_1']);
    expect(await dispatcher.resend('evt_1')).toMatchObject({ status: 500, ok: false, manual: true });
    dispatcher.clear();
    await pause(700);
    expect(server.received).toHaveLength(2);
    expect(events.get('evt_1')).toMatchObject({ state: 'pending', attempt_count: 2 });
  });

  it('an event emptied away while it was being sent: the attempt is answered, nothing is stored or retried', async () => {
    const db = openDatabase(null, [PROVIDER_EVENT_TABLES]);
    const events = new ProviderEventStore(db);
    let received = 0;
    const server = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        received += 1;
        db.exec('DELETE FROM provider_events');
        response.writeHead(500).end('gone');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    open.push({ close: () => new Promise<void>((resolve) => server.close(() => resolve())) });
    const { port } = server.address() as AddressInfo;
    const dispatcher = new WebhookDispatcher({
      events,
      endpoint: () => `http://127.0.0.1:${port}/hook`,
      schedule: { firstDelayMs: 50, maxDelayMs: 50, maxAttempts: 5 },
      quiet: true,
    });
    open.push(dispatcher);
    dispatcher.start();
    events.insert([newEvent('evt_1')], Date.now());
    expect(await dispatcher.resend('evt_1')).toStrictEqual({
      date: expect.any(String),
      status: 500,
      ok: false,
      error: 'gone',
      manual: true,
    });
    await pause(300);
    expect(received).toBe(1);
    expect(events.get('evt_1')).toBeUndefined();
  });
});
