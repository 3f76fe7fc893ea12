/**
 * What stripeWebhook makes of the purchase in provider-events.ts: the facts it reads from the session, the first
 * renewal's invoice and the subscription, and what the Order records of the session. Runtime-neutral: the Deno tests
 * of stripeWebhook and the Node unit tests of its modules (tests/unit-node/base44) check the same records.
 */
import type {
  InvoiceFacts,
  SessionFacts,
  SubscriptionFacts,
} from '../../base44/functions/stripeWebhook/event-content.ts';
import { FIRST_RENEWAL_S, SECOND_RENEWAL_S, SESSION_ID, SUBSCRIPTION_ID } from './provider-events.ts';

/** What the Order of the purchase records of its session, whatever follows. */
export const PURCHASE_ORDER = {
  session_id: SESSION_ID,
  customer_email: 'jane@example.co.uk',
  package: 'gold',
  amount_total: 79_900,
  setup_amount: 79_900,
  monthly_amount: 19_900,
  currency: 'gbp',
  subscription_id: SUBSCRIPTION_ID,
  first_renewal_at: '2027-02-28T09:50:00.000Z',
} as const;

/** The fields the session gives a new Order: until the subscription reports otherwise, its first period ends at the first renewal. */
export const PURCHASE_SESSION_FIELDS = {
  ...PURCHASE_ORDER,
  current_period_end: PURCHASE_ORDER.first_renewal_at,
} as const;

/** `session()`'s facts, as event-content.ts reads them. */
export const PURCHASE_SESSION_FACTS: SessionFacts = {
  sessionId: SESSION_ID,
  paymentStatus: 'paid',
  customerEmail: 'jane@example.co.uk',
  customerName: 'Jane Doe',
  package: 'gold',
  amountTotal: 79_900,
  setupAmount: 79_900,
  monthlyAmount: 19_900,
  currency: 'gbp',
  firstRenewalS: FIRST_RENEWAL_S,
  subscriptionId: SUBSCRIPTION_ID,
};

/** The first renewal's invoice (`in_2`, billing the second month), as event-content.ts reads it. */
export const RENEWAL_INVOICE_FACTS: InvoiceFacts = {
  invoiceId: 'in_2',
  subscriptionId: SUBSCRIPTION_ID,
  ours: true,
  billingReason: 'subscription_cycle',
  amountDue: 19_900,
  currency: 'gbp',
  periodEndS: SECOND_RENEWAL_S,
  nextPaymentAttemptS: null,
};

/** The subscription in its second month, active (`subscription({ status: 'active', periodEndS: SECOND_RENEWAL_S })`). */
export const ACTIVE_SUBSCRIPTION_FACTS: SubscriptionFacts = {
  subscriptionId: SUBSCRIPTION_ID,
  ours: true,
  status: 'active',
  currentPeriodEndS: SECOND_RENEWAL_S,
  cancelAtPeriodEnd: false,
  cancelAtS: null,
  endedAtS: null,
};
