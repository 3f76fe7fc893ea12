/**
 * Whether an event belongs to this site's checkout, judged by what the provider says was bought, never by one total
 * (what is due today depends on taxes, discounts and the trial, which the provider's pages do not pin down): anything
 * it sends about other sales on the agency's account (a payment link, another product, a test with odd prices) is
 * acknowledged and changes nothing. Ours is a subscription whose metadata names a package on sale and whose one
 * recurring price is that package's monthly fee; a checkout in subscription mode whose metadata names that package and
 * whose line items are the package's two prices, its one-time setup and its monthly fee (what createCheckout asks
 * for, whether inline or as dashboard prices); an invoice of such a subscription for its creation or a renewal. The
 * figures are the package definition's (base44/shared/packages.ts): a price changed only in the provider's dashboard
 * is not taken for ours, and the log says why.
 */
import { CURRENCY, isPackageName, PACKAGES, type PackageName } from '../../shared/packages.ts';
import type { SubscriptionState } from './provider-lookup.ts';
import type { CheckoutFacts, InvoiceFacts, PriceItem } from './provider-objects.ts';

export type Verdict = { ours: true; pkg: PackageName } | { ours: false; reason: string };

const notOurs = (reason: string): Verdict => ({ ours: false, reason });
/** Untrusted text, quoted short in a log line. */
const quoted = (value: string) => JSON.stringify(value.slice(0, 40));

/** One unit of a price of `amount` in the package's currency: one-time (no interval), or every `intervalCount` `interval`s. */
function isPrice(
  item: PriceItem,
  amount: number,
  interval: string | null,
  intervalCount: number | null,
): boolean {
  return (
    item.amount === amount &&
    item.quantity === 1 &&
    item.currency === CURRENCY &&
    item.interval === interval &&
    item.intervalCount === intervalCount
  );
}

const described = (item: PriceItem) =>
  `${item.quantity} × ${item.amount ?? 'no amount'} ${quoted(item.currency)} ${item.interval === null ? 'once' : `every ${item.intervalCount ?? '?'} ${item.interval}`}`;

export function subscriptionVerdict(subscription: SubscriptionState): Verdict {
  const pkg = subscription.metadata.package;
  if (pkg === undefined) return notOurs(`subscription ${subscription.id} names no package in its metadata`);
  if (!isPackageName(pkg))
    return notOurs(`subscription ${subscription.id} names package ${quoted(pkg)}, not one on sale`);
  const { monthly } = PACKAGES[pkg];
  const [item, ...others] = subscription.items;
  if (!item || others.length > 0)
    return notOurs(
      `subscription ${subscription.id} has ${subscription.items.length} items, not the package's one`,
    );
  if (!isPrice(item, monthly.amount, monthly.interval, monthly.intervalCount))
    return notOurs(
      `subscription ${subscription.id} charges ${described(item)}, not the ${pkg} package's ${monthly.amount} ${CURRENCY} every ${monthly.intervalCount} ${monthly.interval}`,
    );
  return { ours: true, pkg };
}

export function sessionVerdict(checkout: CheckoutFacts, pkg: PackageName): Verdict {
  const { setup, monthly } = PACKAGES[pkg];
  if (checkout.mode !== 'subscription')
    return notOurs(`checkout ${checkout.sessionId} is not in subscription mode`);
  if (checkout.package !== pkg)
    return notOurs(
      `checkout ${checkout.sessionId} names package ${quoted(checkout.package ?? 'none')}, not ${pkg}`,
    );
  const { items } = checkout;
  const sold =
    items.length === 2 &&
    items.some((item) => isPrice(item, setup.amount, null, null)) &&
    items.some((item) => isPrice(item, monthly.amount, monthly.interval, monthly.intervalCount));
  if (!sold)
    return notOurs(
      `checkout ${checkout.sessionId} sold ${items.map(described).join(' and ') || 'nothing'}, not the ${pkg} package's 1 × ${setup.amount} ${CURRENCY} once and 1 × ${monthly.amount} ${CURRENCY} every ${monthly.intervalCount} ${monthly.interval}`,
    );
  return { ours: true, pkg };
}

/** Ours when its subscription is (checked before): this site's subscriptions bill their creation and their renewals. */
export function invoiceVerdict(invoice: InvoiceFacts, pkg: PackageName): Verdict {
  if (invoice.billingReason !== 'subscription_create' && invoice.billingReason !== 'subscription_cycle')
    return notOurs(
      `invoice ${invoice.invoiceId} is for ${quoted(invoice.billingReason ?? 'no reason')}, which this site's subscriptions never bill`,
    );
  return { ours: true, pkg };
}
