/**
 * Events are rendered in the API version of the webhook endpoint they are sent to ("The API version that
 * events are rendered as for this webhook endpoint.
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
