/**
 * Events are rendered in the webhook endpoint's API version (RULES.md, `events-endpoint-version`): the SDK's, or
 * `2025-02-24.acacia`, whose invoices name their subscription at the top and subscriptions carry their period.
 */
import { API_VERSION } from '../account/stripe-types.ts';

export const ACACIA = '2025-02-24.acacia';

/** The versions an endpoint may be set to. */
export const RENDERED_VERSIONS: readonly string[] = [API_VERSION, ACACIA];

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const objOr = (value: unknown): Obj | null => (isObj(value) ? value : null);

function acaciaLine(line: Obj): Obj {
  const { parent, ...rest } = line;
  const subscriptionItem = objOr(objOr(parent)?.subscription_item_details);
  const invoiceItem = objOr(objOr(parent)?.invoice_item_details);
  const details = subscriptionItem ?? invoiceItem;
  return {
    ...rest,
    type: subscriptionItem ? 'subscription' : 'invoiceitem',
    subscription: details?.subscription ?? null,
    subscription_item: subscriptionItem?.subscription_item ?? null,
    invoice_item: invoiceItem?.invoice_item ?? null,
    proration: details?.proration ?? false,
    proration_details: details?.proration_details ?? { credited_items: null },
  };
}

function acaciaInvoice(invoice: Obj): Obj {
  const { parent, subscription: _legacy, ...rest } = invoice;
  const details = objOr(objOr(parent)?.subscription_details);
  const lines = objOr(rest.lines);
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
  const items = objOr(subscription.items)?.data;
  const first = Array.isArray(items) ? items.find(isObj) : undefined;
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
