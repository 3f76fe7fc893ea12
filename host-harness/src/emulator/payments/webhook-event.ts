import { createHmac } from 'node:crypto';
import { randomAlphanumeric } from '../ids.ts';
import type { CheckoutSession } from './checkout-session.ts';

/**
 * The provider's signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<payload>" keyed with the
 * endpoint secret>`. The provider's SDK refuses a timestamp older than 300 s, so each delivery is signed afresh.
 */
export function signatureHeader(payload: string, secret: string, timestampS = Math.floor(Date.now() / 1000)) {
  const signature = createHmac('sha256', secret).update(`${timestampS}.${payload}`).digest('hex');
  return `t=${timestampS},v1=${signature}`;
}

/** The `checkout.session.completed` event of a paid session, as the provider would POST it (pretty-printed JSON). */
export function completedEvent(
  session: CheckoutSession,
  apiVersion: string | null,
  nowS = Math.floor(Date.now() / 1000),
): { id: string; payload: string } {
  const id = `evt_${randomAlphanumeric(24)}`;
  const event = {
    id,
    object: 'event',
    api_version: apiVersion,
    created: nowS,
    data: { object: session },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: 'checkout.session.completed',
  };
  return { id, payload: JSON.stringify(event, null, 2) };
}
