/**
 * Billing by the provider's rules: calendar dates, what is due today, prices, subscriptions and their invoices,
 * payments and disputes, and the test clock that moves a subscription through renewals, retries and its end.
 */
export {
  cancelSubscription,
  disputeLatestDebit,
  firstDebitConfirmedAt,
  nextStepAt,
  renewalOutcomeAt,
  runUntil,
} from './billing-clock.ts';
export {
  businessDaysAfter,
  INTERVALS,
  type Interval,
  isInterval,
  nextNaturalBillingDate,
  periodBoundary,
} from './billing-dates.ts';
export {
  type ChargeTerms,
  chargeTerms,
  type PricedLine,
  type ProrationBehavior,
  renewalAfter,
  type SubscriptionDataInput,
} from './billing-terms.ts';
export { type Invoice, invoiceSubscriptionId } from './invoice-object.ts';
export { type InvoiceCharge, invoicePayment } from './payment-objects.ts';
export { buildPrice } from './price-object.ts';
export {
  type BillingChange,
  BillingConflict,
  type BillingSettings,
  emptyLedger,
  type FirstInvoiceOutcome,
  type InvoiceStep,
  type PaymentOutcome,
  type SubscriptionLedger,
} from './subscription-ledger.ts';
export { currentPeriodEnd, recurringAmount, type Subscription } from './subscription-object.ts';
export { firstInvoiceOf, type SubscriptionStart, startSubscription } from './subscription-start.ts';
