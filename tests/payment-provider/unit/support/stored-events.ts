/** Events as the double stores them, for the tests of its event store and its dispatcher. */
import type { NewEvent } from '../../../../host-harness/payments/webhooks/provider-event-store.ts';

/** A new `checkout.session.completed` event of session `cs_1` that the endpoint is sent (`extra` changes it). */
export const newEvent = (id: string, extra: Partial<NewEvent> = {}): NewEvent => ({
  id,
  app_id: 'app_1',
  session_id: 'cs_1',
  type: 'checkout.session.completed',
  created_s: 1_700_000_000,
  payload: JSON.stringify({ id, object: 'event' }),
  sent: true,
  ...extra,
});
