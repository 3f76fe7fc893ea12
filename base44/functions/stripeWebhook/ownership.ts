/**
 * Whether an event belongs to this site's checkout: anything the provider sends about other sales on the agency's
 * account (a payment link, another product, a test with odd amounts) is acknowledged and changes nothing. Ours is a
 * subscription whose metadata names a package on sale and whose one recurring price is that package's monthly fee;
 * its checkout charged the package's setup in its currency; its invoices charge the setup first, then the monthly fee.
 * The figures are the package definition's (base44/shared/packages.ts): a price changed only in the provider's
 * dashboard is not taken for ours, and the log says why.
 */
import { CURRENCY, isPackageName, PACKAGES, type PackageName } from '../../shared/packages.ts';
import type { InvoiceFacts, SessionFacts } from './event-content.ts';
import type { SubscriptionState } from './provider-lookup.ts';

export type Verdict = { ours: true; pkg: PackageName } | { ours: false; reason: string };

const notOurs = (reason: string): Verdict => ({ ours: false, reason });
/** Untrusted text, quoted short in a log line. */
const quoted = (value: string) => JSON.stringify(value.slice(0, 40));

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
  if (
    item.amount !== monthly.amount ||
    item.quantity !== 1 ||
    item.currency !== CURRENCY ||
    item.interval !== monthly.interval ||
    item.intervalCount !== monthly.intervalCount
  )
    return notOurs(
      `subscription ${subscription.id} charges ${item.quantity} × ${item.amount ?? 'no amount'} ${quoted(item.currency)} every ${item.intervalCount ?? '?'} ${item.interval ?? '?'}, not the ${pkg} package's ${monthly.amount} ${CURRENCY} every ${monthly.intervalCount} ${monthly.interval}`,
    );
  return { ours: true, pkg };
}

export function sessionVerdict(session: SessionFacts, pkg: PackageName): Verdict {
  const { setup } = PACKAGES[pkg];
  if (session.mode !== 'subscription')
    return notOurs(`checkout ${session.sessionId} is not in subscription mode`);
  if (session.package !== pkg)
    return notOurs(
      `checkout ${session.sessionId} names package ${quoted(session.package ?? 'none')}, not ${pkg}`,
    );
  if (session.currency !== CURRENCY || session.amountTotal !== setup.amount)
    return notOurs(
      `checkout ${session.sessionId} charged ${session.amountTotal ?? 'no amount'} ${quoted(session.currency ?? 'no currency')} today, not the ${pkg} package's ${setup.amount} ${CURRENCY}`,
    );
  return { ours: true, pkg };
}

export function invoiceVerdict(invoice: InvoiceFacts, pkg: PackageName): Verdict {
  const { setup, monthly } = PACKAGES[pkg];
  const expected =
    invoice.billingReason === 'subscription_create'
      ? setup.amount
      : invoice.billingReason === 'subscription_cycle'
        ? monthly.amount
        : null;
  if (expected === null)
    return notOurs(
      `invoice ${invoice.invoiceId} is for ${quoted(invoice.billingReason ?? 'no reason')}, which this site's subscriptions never bill`,
    );
  if (invoice.currency !== CURRENCY || invoice.amountDue !== expected)
    return notOurs(
      `invoice ${invoice.invoiceId} asks ${invoice.amountDue} ${quoted(invoice.currency)}, not the ${pkg} package's ${expected} ${CURRENCY}`,
    );
  return { ours: true, pkg };
}
