/** The `Order` record (base44/entities/Order.jsonc) a completed, paid checkout session becomes. */
import type { CheckoutSession } from '../../shared/stripe-client.ts';

export interface PaidOrder {
  session_id: string;
  customer_email?: string;
  package?: string;
  amount_total?: number;
  setup_amount?: number;
  monthly_amount?: number;
  currency?: string;
  status: 'paid';
  paid_at: string;
  email_sent: boolean;
}

/**
 * A session object carries no completion time; the `checkout.session.completed` event's `created` is that moment.
 * The split between setup and monthly amounts is what createCheckout put in the session's metadata.
 */
export function paidOrderFromSession(session: CheckoutSession, completedAtSeconds: number): PaidOrder {
  const order: PaidOrder = {
    session_id: session.id,
    status: 'paid',
    paid_at: new Date(completedAtSeconds * 1000).toISOString(),
    email_sent: false,
  };
  const email = session.customer_details?.email ?? session.customer_email;
  if (email) order.customer_email = email;
  const metadata = session.metadata ?? {};
  if (metadata.package) order.package = metadata.package;
  if (typeof session.amount_total === 'number') order.amount_total = session.amount_total;
  const setup = minorUnits(metadata.setup_amount);
  if (setup !== undefined) order.setup_amount = setup;
  const monthly = minorUnits(metadata.monthly_amount);
  if (monthly !== undefined) order.monthly_amount = monthly;
  if (session.currency) order.currency = session.currency;
  return order;
}

function minorUnits(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d+$/.test(value)) return undefined;
  return Number(value);
}
