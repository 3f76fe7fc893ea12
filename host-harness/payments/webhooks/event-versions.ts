/**
 * Events are rendered in the API version of the webhook endpoint they are sent to ("The API version that events are
 * rendered as for this webhook endpoint. You can't change this value after you create the endpoint",
 * docs.stripe.com/api/webhook_endpoints/object). The double renders two versions:
 * - the SDK's (`API_VERSION`), its objects as they are built;
 * - `2025-02-24.acacia`, the last before `2025-03-31.basil`, whose documented changes the double undoes:
 *   "On the Invoice object, we deprecated the `quote`, `subscription`, `subscription_details`, and
 *   `subscription_proration_date` fields" in favour of `parent`, and on its lines "the `type`, `subscription`,
 *   `subscription_item`, `invoice_item`, `proration`, and `proration_details` fields"
 *   (docs.stripe.com/changelog/basil/2025-03-31/adds-new-parent-field-to-invoicing-objects); "`current_period_start`
 *   and `current_period_end` fields are no longer available on the subscription resource"
 *   (…/deprecate-subscription-current-period-start-and-end).
 * It renders no other version: the changelog between them holds more than these, so an endpoint at any other version
 * is refused when it is set (account-settings.ts), never guessed at.
 */
import { API_VERSION } from '../account/stripe-types.ts';

export const ACACIA = '2025-02-24.acacia';

/** The versions an endpoint may be set to. */
export const RENDERED_VERSIONS: readonly string[] = [API_VERSION, ACACIA];

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function acaciaLine(line: Obj): Obj {
  const { parent, ...rest } = line;
  const details = isObj(parent)
    ? ((parent.subscription_item_details ?? parent.invoice_item_details) as Obj | null)
    : null;
  const subscriptionItem = isObj(parent) ? (parent.subscription_item_details as Obj | null) : null;
  return {
    ...rest,
    type: subscriptionItem ? 'subscription' : 'invoiceitem',
    subscription: details?.subscription ?? null,
    subscription_item: subscriptionItem?.subscription_item ?? null,
    invoice_item: isObj(parent) ? ((parent.invoice_item_details as Obj | null)?.invoice_item ?? null) : null,
    proration: details?.proration ?? false,
    proration_details: details?.proration_details ?? { credited_items: null },
  };
}

function acaciaInvoice(invoice: Obj): Obj {
  const { parent, subscription: _legacy, ...rest } = invoice;
  const details = isObj(parent) ? (parent.subscription_details as Obj | null) : null;
  const lines = isObj(rest.lines) ? rest.lines : null;
  return {
    ...rest,
    subscription: details?.subscription ?? null,
    subscription_details: details ? { metadata: details.metadata ?? null } : null,
    quote: null,
    ...(lines && Array.isArray(lines.data)
      ? { lines: { ...lines, data: lines.data.map((line) => (isObj(line) ? acaciaLine(line) : line)) } }
      : {}),
  };
}

function acaciaSubscription(subscription: Obj): Obj {
  const first =
    isObj(subscription.items) && Array.isArray(subscription.items.data)
      ? subscription.items.data.find(isObj)
      : undefined;
  return {
    ...subscription,
    current_period_start: first?.current_period_start ?? null,
    current_period_end: first?.current_period_end ?? null,
  };
}

/** An event's `data.object` as an endpoint at `version` receives it. */
export function renderObject<T>(object: T, version: string): T | Obj {
  if (version === API_VERSION || !isObj(object)) return object;
  if (version !== ACACIA) throw new Error(`The double does not render events in API version ${version}`);
  if (object.object === 'invoice') return acaciaInvoice(object);
  if (object.object === 'subscription') return acaciaSubscription(object);
  return object;
}
