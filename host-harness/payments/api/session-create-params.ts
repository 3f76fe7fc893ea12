/**
 * The names the provider's API takes for `POST /v1/checkout/sessions`, as its SDK declares them at the pinned version
 * (`stripe` 23.1.0, `Checkout.SessionCreateParams`, API `2026-10-28.endive`), and the earlier names of older
 * versions. A name outside these lists is "unexpected" (error code `parameter_unknown`, docs.stripe.com/error-codes);
 * a name in them that the double does not compute is refused as not simulated, never ignored.
 */

/** `SessionCreateParams`' own keys at the pinned version. */
export const SESSION_PARAMETERS: readonly string[] = [
  'adaptive_pricing',
  'after_expiration',
  'allow_promotion_codes',
  'allowed_payment_method_types',
  'automatic_tax',
  'billing_address_collection',
  'branding_settings',
  'cancel_url',
  'client_reference_id',
  'consent_collection',
  'currency',
  'custom_fields',
  'custom_text',
  'customer',
  'customer_account',
  'customer_creation',
  'customer_email',
  'customer_update',
  'discounts',
  'excluded_payment_method_types',
  'expand',
  'expires_at',
  'integration_identifier',
  'invoice_creation',
  'line_items',
  'locale',
  'managed_payments',
  'metadata',
  'mode',
  'name_collection',
  'optional_items',
  'origin_context',
  'payment_intent_data',
  'payment_method_collection',
  'payment_method_configuration',
  'payment_method_data',
  'payment_method_options',
  'permissions',
  'phone_number_collection',
  'redirect_on_completion',
  'return_url',
  'saved_payment_method_options',
  'setup_intent_data',
  'shipping_address_collection',
  'shipping_options',
  'submit_type',
  'subscription_data',
  'success_url',
  'tax_id_collection',
  'ui_mode',
  'wallet_options',
];

/**
 * `payment_method_types` was a parameter until `2026-09-30.endive`, which "Removes the payment_method_types parameter
 * from the create Checkout Session method" (docs.stripe.com/changelog/endive/2026-09-30/remove-payment-method-types-
 * checkout-sessions).
 */
export const PAYMENT_METHOD_TYPES_REMOVED_IN = '2026-09-30.endive';

/** `SessionCreateParams.SubscriptionData`'s keys at the pinned version. */
export const SUBSCRIPTION_DATA_PARAMETERS: readonly string[] = [
  'application_fee_percent',
  'billing_cycle_anchor',
  'billing_cycle_anchor_config',
  'billing_mode',
  'default_tax_rates',
  'description',
  'invoice_settings',
  'metadata',
  'on_behalf_of',
  'pending_invoice_item_interval',
  'proration_behavior',
  'transfer_data',
  'trial_end',
  'trial_period_days',
  'trial_settings',
];

/** `SessionCreateParams.LineItem`'s keys, and those of its `price_data`, `product_data` and `recurring`. */
export const LINE_ITEM_PARAMETERS: readonly string[] = [
  'adjustable_quantity',
  'metadata',
  'price',
  'price_data',
  'quantity',
  'tax_rates',
];
export const PRICE_DATA_PARAMETERS: readonly string[] = [
  'currency',
  'product',
  'product_data',
  'recurring',
  'tax_behavior',
  'unit_amount',
  'unit_amount_decimal',
];
export const PRODUCT_DATA_PARAMETERS: readonly string[] = [
  'description',
  'images',
  'metadata',
  'name',
  'tax_code',
  'tax_details',
  'unit_label',
];
export const RECURRING_PARAMETERS: readonly string[] = ['interval', 'interval_count'];

/**
 * API versions are dates with a release name; comparing the date part orders them (`2025-02-24.acacia` is before
 * `2026-09-30.endive`).
 */
export const versionDate = (version: string) => version.slice(0, 10);
