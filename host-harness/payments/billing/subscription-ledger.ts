/** What the provider keeps of one subscription (stored with its checkout session), and the changes made to it. */
import type { AccountSettings } from '../account/account-settings.ts';
import type { PaymentMethodType } from '../account/payment-methods.ts';
import type { Stripe } from '../account/stripe-types.ts';
import type { EventSpec } from '../webhooks/provider-event.ts';
import type { Invoice } from './invoice-object.ts';
import type { InvoiceCharge } from './payment-objects.ts';
import type { Subscription } from './subscription-object.ts';

/** What the buyer's payment method does with the next charge (a test card or bank account that pays, or not). */
export type PaymentOutcome = 'succeeds' | 'fails';

/** A step the test clock takes at `atS` for one invoice: finalize a draft, confirm a Direct Debit, retry, give up. */
export type InvoiceStep = {
  atS: number;
  invoice: string;
  kind: 'finalize' | 'settle' | 'retry' | 'give_up' | 'expire';
};

export interface SubscriptionLedger {
  subscription: Subscription | null;
  /** Oldest first. */
  invoices: Invoice[];
  charges: InvoiceCharge[];
  disputes: Stripe.Dispute[];
  /** Steps still to take for invoices; renewals, a scheduled end and the trial's notice follow from the subscription. */
  steps: InvoiceStep[];
  payment_method: PaymentMethodType | null;
  payment_outcome: PaymentOutcome;
  /** `customer.subscription.trial_will_end` has been sent. */
  trial_notice_sent: boolean;
  /** The subscription's test clock: the double's "now" for it (Unix seconds). */
  clock_s: number | null;
  /** The e-mail the buyer paid with (the invoices' `customer_email`). */
  customer_email: string | null;
  /** Names of the prices' products, by price id (a subscription item carries only its product's id). */
  product_names: Record<string, string>;
}

export const emptyLedger = (): SubscriptionLedger => ({
  subscription: null,
  ...{ invoices: [], charges: [], disputes: [], steps: [] },
  payment_method: null,
  payment_outcome: 'succeeds',
  trial_notice_sent: false,
  clock_s: null,
  customer_email: null,
  product_names: {},
});

/** The first invoice of the subscription settled (it decides the checkout session's fate). */
export type FirstInvoiceOutcome = { outcome: 'succeeded' | 'failed'; atS: number } | null;

/** A ledger moved on by the clock or an action, the events the provider sends for it, and the first invoice's fate. */
export interface BillingChange {
  ledger: SubscriptionLedger;
  events: EventSpec[];
  firstInvoice: FirstInvoiceOutcome;
}

export type BillingSettings = Pick<
  AccountSettings,
  'retries' | 'afterRetries' | 'renewalDraftS' | 'bacsBusinessDays'
>;

/** A request to the clock that cannot be met: a 409 with its code in the control API. */
export class BillingConflict extends Error {
  override name = 'BillingConflict';
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}
