/**
 * A checkout session's events: `completed` records the order (paid by card, or pending while a Direct Debit settles),
 * `async_payment_succeeded` makes it paid, `async_payment_failed` failed. The agency hears once that it is paid, or
 * once that the Direct Debit failed, whichever of these events arrive, in whatever order, however often.
 */
import type { SessionEventType, SessionFacts } from './event-content.ts';
import { directDebitFailedEmail, paidEmail } from './order-emails.ts';
import {
  isoTime,
  laterPaymentState,
  type OrderFields,
  type PaymentState,
  type StoredOrder,
  sessionFields,
} from './order-record.ts';
import { type Orders, serialized } from './orders.ts';

export interface SessionEvent {
  type: SessionEventType;
  createdS: number;
  session: SessionFacts;
}

function outcomeOf(event: SessionEvent): PaymentState {
  if (event.type === 'checkout.session.async_payment_failed') return 'failed';
  if (event.type === 'checkout.session.async_payment_succeeded') return 'paid';
  return event.session.paymentStatus === 'unpaid' ? 'pending' : 'paid';
}

export function applySessionEvent(
  orders: Orders,
  agencyEmail: string,
  event: SessionEvent,
): Promise<StoredOrder> {
  const { session } = event;
  const outcome = outcomeOf(event);
  // The moment it was paid (or failed) is the event's: the session object carries no such time.
  const stamp: Partial<OrderFields> =
    outcome === 'paid'
      ? { paid_at: isoTime(event.createdS) }
      : outcome === 'failed'
        ? { failed_at: isoTime(event.createdS) }
        : {};
  return serialized(session.sessionId, async () => {
    const fields = sessionFields(session);
    let order = await orders.bySession(session.sessionId);
    if (!order) {
      order = await orders.create({ ...fields, status: outcome, ...stamp, email_sent: false });
    } else {
      const recorded = order;
      const status = laterPaymentState(recorded.status, outcome);
      // What an earlier event did not carry is filled in; what is recorded is never rewritten.
      const missing = Object.fromEntries(
        Object.entries(fields).filter(([key]) => recorded[key as keyof OrderFields] === undefined),
      );
      order = await orders.update(recorded, {
        ...missing,
        ...(status !== recorded.status ? { status, ...stamp } : {}),
      });
    }
    if (order.status === 'paid')
      order = await orders.notifyOnce(
        order,
        { email_sent: true },
        paidEmail(order, agencyEmail, session.customerName),
      );
    if (order.status === 'failed')
      order = await orders.notifyOnce(
        order,
        { failure_email_sent: true },
        directDebitFailedEmail(order, agencyEmail),
      );
    return order;
  });
}
