/**
 * Records a paid session once. Providers deliver an event at least once, so: find the Order by session id, create it
 * only when absent, and send the e-mail only while the record says it was not sent. Two deliveries of one session
 * arriving together in this process share one run. (Across processes the platform offers no unique key; the window
 * is the few milliseconds between the lookup and the create.)
 */
import type { createClientFromRequest } from 'npm:@base44/sdk@0.8.50';
import type { OrderEmail } from './order-email.ts';
import type { PaidOrder } from './paid-order.ts';

export type ServiceRole = ReturnType<typeof createClientFromRequest>['asServiceRole'];

export interface RecordOutcome {
  orderId: string;
  /** This delivery created the record (false when an earlier delivery had). */
  created: boolean;
  /** This delivery sent the e-mail (false when an earlier delivery had). */
  emailSent: boolean;
}

interface StoredOrder {
  id: string;
  email_sent?: boolean;
}

const inFlight = new Map<string, Promise<RecordOutcome>>();

export function recordPaidOrder(
  serviceRole: ServiceRole,
  order: PaidOrder,
  email: OrderEmail,
): Promise<RecordOutcome> {
  const running = inFlight.get(order.session_id);
  if (running) return running;
  const run = record(serviceRole, order, email).finally(() => inFlight.delete(order.session_id));
  inFlight.set(order.session_id, run);
  return run;
}

async function record(serviceRole: ServiceRole, order: PaidOrder, email: OrderEmail): Promise<RecordOutcome> {
  // The SDK's entities object answers any name (a proxy); the index type just cannot say so.
  const orders = serviceRole.entities.Order!;
  const found: StoredOrder[] = await orders.filter({ session_id: order.session_id });
  let stored = found[0];
  const created = !stored;
  if (!stored) stored = (await orders.create(order)) as StoredOrder;
  if (stored.email_sent === true) return { orderId: stored.id, created, emailSent: false };
  // Sent before it is marked: a failure in between means a second e-mail on redelivery rather than none at all.
  await serviceRole.integrations.Core.SendEmail(email);
  await orders.update(stored.id, { email_sent: true });
  return { orderId: stored.id, created, emailSent: true };
}
