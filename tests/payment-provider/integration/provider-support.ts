/** Talking to the payment double over real HTTP, for the tests that run it with the fixture functions. */

import type { Json, Running } from '../../integration/emulator/emulator-harness.ts';
import { PACKAGE } from '../../support/spec-figures.ts';
import { DAY_S, goldSession, KEY, nowS, paymentsClient, SESSIONS, without } from './payments-support.ts';

export { KEY, SESSIONS, without };

/** The gold package with a buyer and a user id, no billing terms (the provider's default: £998.00 on day one). */
export const GOLD: Record<string, string> = goldSession({
  customer_email: 'user@example.com',
  'metadata[user_id]': 'u1',
});

/** The gold package as createCheckout sends it: the first month free until the trial's end (30 days on). */
export function goldTrial(trialEndS = nowS() + 30 * DAY_S): Record<string, string> {
  return { ...GOLD, 'subscription_data[trial_end]': String(trialEndS) };
}

export const packageName = PACKAGE;

/** The double's client (the pay form posts the prefilled buyer's e-mail unless told otherwise). */
export function providerClient(h: Running) {
  return paymentsClient(h);
}

/** What the fixture stripeWebhook recorded: one `WebhookEvent` per delivery it accepted (none before the first). */
export async function recordedEvents(h: Running): Promise<Json[]> {
  const answer = await h.call('GET', '/api/apps/local-app/entities/WebhookEvent?sort=created_date', {
    token: 'local-service-token',
  });
  return answer.status === 404 ? [] : answer.body;
}
