/**
 * A webhook dispatcher over an in-memory event store, sending to a local endpoint that answers `answers` in turn;
 * `asked` records each app whose endpoint it looked up. Everything opened is closed after each test.
 */
import { afterEach } from 'vitest';
import { openDatabase } from '../../../../host-harness/payments/server/database.ts';
import {
  PROVIDER_EVENT_TABLES,
  ProviderEventStore,
} from '../../../../host-harness/payments/webhooks/provider-event-store.ts';
import type { RetrySchedule } from '../../../../host-harness/payments/webhooks/retry-schedule.ts';
import { WebhookDispatcher } from '../../../../host-harness/payments/webhooks/webhook-dispatcher.ts';
import { type Answer, endpointServer } from './endpoint-server.ts';

/** Retries a minute apart: none comes within a test unless it asks for one. */
export const SLOW: RetrySchedule = { firstDelayMs: 60_000, maxDelayMs: 60_000, maxAttempts: 20 };

/** Call at a test file's top level: the setup its tests use, and the list of what to close after each test. */
export function dispatcherSetup() {
  const open: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    for (const each of open.splice(0).reverse()) await each.close();
  });
  async function setup(answers: Answer[], schedule: RetrySchedule = SLOW) {
    const server = await endpointServer(answers);
    open.push(server);
    const db = openDatabase(null, [PROVIDER_EVENT_TABLES]);
    const events = new ProviderEventStore(db);
    const asked: string[] = [];
    const dispatcher = new WebhookDispatcher({
      events,
      endpoint: (appId) => {
        asked.push(appId);
        return `${server.url}/api/apps/${appId}/functions/stripeWebhook`;
      },
      schedule,
      quiet: true,
    });
    open.push(dispatcher);
    return { server, db, events, dispatcher, asked };
  }
  return { setup, open };
}
