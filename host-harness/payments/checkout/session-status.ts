/** Where a checkout session stands, for people (the hosted page, the control API): one word. */
import { firstInvoiceOf } from '../billing/subscription-start.ts';
import type { CheckoutRecord } from './checkout-session-store.ts';

/**
 * open; paid (or nothing was due); pending (completed by Direct Debit, not confirmed yet); failed (the Direct
 * Debit failed); cancelled (the buyer pressed Cancel); expired (its `expires_at` passed).
 */
export type SessionStatus = 'open' | 'paid' | 'pending' | 'failed' | 'cancelled' | 'expired';

export function sessionStatus(record: CheckoutRecord): SessionStatus {
  const { session } = record;
  if (session.status === 'complete') {
    if (session.payment_status === 'paid' || session.payment_status === 'no_payment_required') return 'paid';
    const first = firstInvoiceOf(record);
    const bounced = record.charges.some(
      (charge) => charge.invoice === first?.id && charge.status === 'failed',
    );
    return first?.status === 'void' || bounced ? 'failed' : 'pending';
  }
  if (record.cancelled) return 'cancelled';
  return session.status === 'expired' ? 'expired' : 'open';
}
