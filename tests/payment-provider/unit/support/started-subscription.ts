/**
 * A subscription started by the billing engine as a completed checkout starts it (subscription-start.ts): the given
 * line items bought at `startS` with `method`, the buyer's e-mail set, terms computed from the items.
 */
import { chargeTerms } from '../../../../host-harness/payments/billing/billing-terms.ts';
import {
  type BillingChange,
  type BillingSettings,
  emptyLedger,
  type SubscriptionLedger,
} from '../../../../host-harness/payments/billing/subscription-ledger.ts';
import {
  type SubscriptionStart,
  startSubscription,
} from '../../../../host-harness/payments/billing/subscription-start.ts';
import { pricedLine } from '../../../../host-harness/payments/checkout/checkout-session.ts';
import { CURRENCY } from '../../../support/spec-figures.ts';

export interface Purchase {
  lineItems: SubscriptionStart['lineItems'];
  startS: number;
  method: SubscriptionStart['method'];
  billing: BillingSettings;
  /** The session's `subscription_data` (a trial, an anchor), none unless given. */
  data?: Parameters<typeof chargeTerms>[1];
  /** The ledger the subscription starts on (empty unless given). */
  base?: SubscriptionLedger;
}

export function startedSubscription({
  lineItems,
  startS,
  method,
  billing,
  data = null,
  base,
}: Purchase): BillingChange {
  return startSubscription(
    base ?? emptyLedger(),
    {
      customer: 'cus_AbCdEfGhIjKlMn',
      currency: CURRENCY,
      lineItems,
      terms: chargeTerms(lineItems.map(pricedLine), data, startS),
      startS,
      metadata: {},
      description: null,
      method,
      email: 'buyer@example.com',
    },
    billing,
  );
}
