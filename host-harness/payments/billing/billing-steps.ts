/**
 * The provider's billing operations on one subscription's ledger, each at a moment of its test clock and each adding
 * the events it sends: renew, finalize, attempt a payment, confirm a Direct Debit, give up, end (RULES.md, billing).
 */
import type { EventSpec } from '../webhooks/provider-event.ts';
import { businessDaysAfter, isInterval } from './billing-dates.ts';
import { renewalAfter } from './billing-terms.ts';
import {
  attemptedInvoice,
  draftInvoice,
  failedInvoice,
  finalizedInvoice,
  type Invoice,
  paidInvoice,
  voidedInvoice,
} from './invoice-object.ts';
import { type InvoiceCharge, newCharge } from './payment-objects.ts';
import {
  type BillingChange,
  BillingConflict,
  type BillingSettings,
  type FirstInvoiceOutcome,
  type SubscriptionLedger,
} from './subscription-ledger.ts';
import { type Subscription, withPeriod } from './subscription-object.ts';

export const DAY_S = 24 * 60 * 60;
/** How long a subscription whose first invoice failed stays `incomplete` before it expires. */
export const FIRST_INVOICE_GRACE_S = 23 * 60 * 60;
/** Statuses that end a subscription's life: nothing more happens on its clock. */
export const ENDED = new Set<Subscription['status']>(['canceled', 'incomplete_expired']);
export const NO_DETAILS = { comment: null, feedback: null, feedback_option: null };

/** The ledger being changed, with what the change has sent so far. */
export interface Work {
  ledger: SubscriptionLedger;
  events: EventSpec[];
  firstInvoice: FirstInvoiceOutcome;
  settings: BillingSettings;
}

export const begin = (ledger: SubscriptionLedger, settings: BillingSettings): Work => ({
  ledger: structuredClone(ledger),
  events: [],
  firstInvoice: null,
  settings,
});

export const done = ({ ledger, events, firstInvoice }: Work): BillingChange => ({
  ledger,
  events,
  firstInvoice,
});

export function live(w: Work): Subscription {
  const subscription = w.ledger.subscription;
  if (!subscription) throw new BillingConflict('This session has no subscription', 'no_subscription');
  return subscription;
}

/** Moves the ledger's clock to `atS` (never back) and returns it. */
export const clockTo = (w: Work, atS: number) => (w.ledger.clock_s = Math.max(w.ledger.clock_s ?? atS, atS));

/** Applies `changes` to the subscription and sends `customer.subscription.updated` with their old values. */
export function updateSubscription(w: Work, atS: number, changes: Partial<Subscription>): void {
  const subscription = live(w);
  const previous = Object.fromEntries(Object.keys(changes).map((key) => [key, subscription[key as 'id']]));
  w.ledger.subscription = { ...subscription, ...changes };
  w.events.push({ type: 'customer.subscription.updated', atS, object: w.ledger.subscription, previous });
}

export function endSubscription(
  w: Work,
  atS: number,
  reason: 'cancellation_requested' | 'payment_failed',
): void {
  const subscription = live(w);
  const ended: Subscription = {
    ...subscription,
    status: 'canceled',
    ended_at: atS,
    canceled_at: subscription.canceled_at ?? atS,
    cancellation_details: { ...(subscription.cancellation_details ?? NO_DETAILS), reason },
  };
  w.ledger.subscription = ended;
  // Nothing more is tried for it; a Direct Debit already submitted is still confirmed by the bank.
  w.ledger.steps = w.ledger.steps.filter((step) => step.kind === 'settle');
  w.events.push({ type: 'customer.subscription.deleted', atS, object: ended });
}

export function invoiceOf(w: Work, id: string): Invoice {
  const invoice = w.ledger.invoices.find((candidate) => candidate.id === id);
  if (!invoice) throw new Error(`invoice ${id} is not in the ledger`);
  return invoice;
}

function putInvoice(w: Work, invoice: Invoice): Invoice {
  w.ledger.invoices = w.ledger.invoices.map((other) => (other.id === invoice.id ? invoice : other));
  return invoice;
}

export const isFirst = (invoice: Invoice) => invoice.billing_reason === 'subscription_create';

/** The invoice was paid: the subscription leaves `incomplete` or `past_due`; retries for it stop. */
function afterPaid(w: Work, invoice: Invoice, atS: number): void {
  w.events.push(
    { type: 'invoice.paid', atS, object: invoice },
    { type: 'invoice.payment_succeeded', atS, object: invoice },
  );
  w.ledger.steps = w.ledger.steps.filter((step) => step.invoice !== invoice.id || step.kind === 'settle');
  const subscription = live(w);
  if (ENDED.has(subscription.status)) return;
  if (isFirst(invoice)) w.firstInvoice = { outcome: 'succeeded', atS };
  // `invoice` is stored paid already: any other open one keeps the subscription past due.
  const stillOpen = w.ledger.invoices.some((other) => other.status === 'open');
  if (subscription.status === 'incomplete')
    updateSubscription(w, atS, { status: (subscription.trial_end ?? 0) > atS ? 'trialing' : 'active' });
  else if (subscription.status === 'past_due' && !stillOpen) updateSubscription(w, atS, { status: 'active' });
}

/** A payment attempt on `invoice` failed at `atS` (`counted`: a new attempt, not a Direct Debit's confirmation). */
function afterFailed(
  w: Work,
  invoice: Invoice,
  atS: number,
  method: InvoiceCharge['method'],
  counted: boolean,
) {
  const subscription = live(w);
  const { tries, days } = w.settings.retries;
  // Only the first invoice is ever charged while the subscription is incomplete (it does not renew); it expires 23
  // hours after the failure (RULES.md, first-invoice-expires).
  if (subscription.status === 'incomplete') {
    w.events.push({
      type: 'invoice.payment_failed',
      atS,
      object: putInvoice(w, failedInvoice(invoice, null, counted)),
    });
    w.firstInvoice = { outcome: 'failed', atS };
    w.ledger.steps.push({ atS: atS + FIRST_INVOICE_GRACE_S, invoice: invoice.id, kind: 'expire' });
    return;
  }
  // At its first failure: Smart Retries (cards only) spread evenly over the window, the last at its close.
  if (!w.ledger.steps.some((step) => step.invoice === invoice.id)) {
    if (method === 'card')
      for (let i = 1; i <= tries; i++)
        w.ledger.steps.push({
          atS: atS + Math.round((i * days * DAY_S) / tries),
          invoice: invoice.id,
          kind: 'retry',
        });
    w.ledger.steps.push({ atS: atS + days * DAY_S, invoice: invoice.id, kind: 'give_up' });
  }
  // The tries still planned are later than this one, in order: the first is the next.
  const next =
    w.ledger.steps.find((step) => step.invoice === invoice.id && step.kind === 'retry')?.atS ?? null;
  w.events.push({
    type: 'invoice.payment_failed',
    atS,
    object: putInvoice(w, failedInvoice(invoice, next, counted)),
  });
  // A renewal leaves a trial before its invoice is charged: only an active subscription becomes past due.
  if (subscription.status === 'active') updateSubscription(w, atS, { status: 'past_due' });
}

/** Attempts to pay an open invoice at `atS` with the subscription's payment method. */
export function attemptPayment(w: Work, invoice: Invoice, atS: number): void {
  const method = w.ledger.payment_method ?? 'card';
  if (invoice.amount_due === 0) {
    afterPaid(w, putInvoice(w, paidInvoice(invoice, atS)), atS);
    return;
  }
  const charge = newCharge(invoice.id, method, invoice.amount_due, invoice.currency, atS);
  if (method === 'bacs_debit') {
    w.ledger.charges.push(charge);
    putInvoice(w, attemptedInvoice(invoice));
    const { newMandate, existingMandate } = w.settings.bacsBusinessDays;
    const days = isFirst(invoice) ? newMandate : existingMandate;
    w.ledger.steps.push({ atS: businessDaysAfter(atS, days), invoice: invoice.id, kind: 'settle' });
    return;
  }
  const succeeds = w.ledger.payment_outcome === 'succeeds';
  w.ledger.charges.push({ ...charge, status: succeeds ? 'succeeded' : 'failed' });
  if (succeeds) afterPaid(w, putInvoice(w, paidInvoice(invoice, atS)), atS);
  else afterFailed(w, invoice, atS, method, true);
}

/** A Direct Debit submitted for `invoice` is confirmed at `atS`: paid or failed, as the payment method does now. */
export function settle(w: Work, invoiceId: string, atS: number): void {
  const charge = w.ledger.charges.find((c) => c.invoice === invoiceId && c.status === 'processing');
  if (!charge) return;
  const succeeds = w.ledger.payment_outcome === 'succeeds';
  const settled = { ...charge, status: succeeds ? 'succeeded' : 'failed', settled_s: atS } as const;
  w.ledger.charges = w.ledger.charges.map((c) => (c.payment_intent === charge.payment_intent ? settled : c));
  const invoice = invoiceOf(w, invoiceId);
  if (succeeds) afterPaid(w, putInvoice(w, paidInvoice(invoice, atS, false)), atS);
  else if (!ENDED.has(live(w).status)) afterFailed(w, invoice, atS, charge.method, false);
  else w.events.push({ type: 'invoice.payment_failed', atS, object: invoice });
}

/** The retry window of an invoice closed at `atS`, unpaid (paying it drops the step): the account's setting decides. */
export function giveUp(w: Work, atS: number): void {
  if (w.settings.afterRetries === 'cancel') endSubscription(w, atS, 'payment_failed');
  else if (w.settings.afterRetries === 'unpaid') updateSubscription(w, atS, { status: 'unpaid' });
}

/** The period ending at `atS` renews: the next period starts, and its invoice is created as a draft. */
export function renew(w: Work, atS: number): void {
  const subscription = live(w);
  const item = subscription.items.data[0];
  const recurring = item?.price.recurring;
  if (!item || !recurring || !isInterval(recurring.interval))
    throw new BillingConflict('The subscription has no recurring item', 'no_subscription');
  const next = renewalAfter(
    subscription.billing_cycle_anchor,
    atS,
    recurring.interval,
    recurring.interval_count,
  );
  const moved = withPeriod(subscription, atS, next);
  const unpaid = subscription.status === 'unpaid';
  const draft = draftInvoice({
    subscription: moved,
    customerEmail: w.ledger.customer_email,
    // Each subscription item at its full price for the new period.
    lines: moved.items.data.map((si) => ({
      description: `${si.quantity ?? 1} × ${w.ledger.product_names[si.price.id] ?? si.price.id}`,
      amount: (si.price.unit_amount ?? 0) * (si.quantity ?? 1),
      quantity: si.quantity ?? 1,
      price: si.price,
      period: { start: atS, end: next },
      subscriptionItem: si.id,
      proration: false,
    })),
    billingReason: 'subscription_cycle',
    createdS: atS,
    finalizesAtS: unpaid ? null : atS + w.settings.renewalDraftS,
    period: { start: item.current_period_start, end: atS },
  });
  w.ledger.invoices.push(draft);
  const trialEnds = subscription.status === 'trialing' ? { status: 'active' as const } : {};
  updateSubscription(w, atS, { items: moved.items, latest_invoice: draft.id, ...trialEnds });
  w.events.push({ type: 'invoice.created', atS, object: draft });
  if (!unpaid)
    w.ledger.steps.push({ atS: atS + w.settings.renewalDraftS, invoice: draft.id, kind: 'finalize' });
}

/** Finalizes a draft at `atS` and attempts to pay it (a draft's only step is this one). */
export function finalize(w: Work, invoice: Invoice, atS: number): void {
  const open = putInvoice(w, finalizedInvoice(invoice, atS, w.ledger.invoices.indexOf(invoice) + 1));
  w.events.push({ type: 'invoice.finalized', atS, object: open });
  attemptPayment(w, open, atS);
}

/** The first invoice still unpaid 23 hours after it failed: the subscription expires and the invoice is voided. */
export function expireFirst(w: Work, invoice: Invoice, atS: number): void {
  if (live(w).status !== 'incomplete' || invoice.status !== 'open') return;
  updateSubscription(w, atS, { status: 'incomplete_expired', ended_at: atS });
  w.events.push({ type: 'invoice.voided', atS, object: putInvoice(w, voidedInvoice(invoice, atS)) });
}
