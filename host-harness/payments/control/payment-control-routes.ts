/**
 * The double's control API (tests and people, never the site): sessions and their events, a first Direct Debit's
 * answer, each subscription's test clock, payment outcome, cancellation and dispute, resending an event by hand, and
 * the account's settings and clock.
 */
import type { FastifyInstance } from 'fastify';
import { SettingsError, settingsView } from '../account/account-settings.ts';
import { dashboardPricesOf } from '../account/dashboard-prices.ts';
import {
  cancelSubscription,
  disputeLatestDebit,
  nextStepAt,
  renewalOutcomeAt,
} from '../billing/billing-clock.ts';
import { BillingConflict } from '../billing/subscription-ledger.ts';
import {
  advanceClock,
  applyBilling,
  type Change,
  settleFirstDebit,
} from '../checkout/checkout-completion.ts';
import type { CheckoutRecord } from '../checkout/checkout-session-store.ts';
import type { PaymentsContext } from '../checkout/payment-engine.ts';
import { badRequest, conflict, notFound } from '../server/control-error.ts';
import { summarize } from './session-summary.ts';

/** Where the session routes live, and their first path, kept as an alias (`GET /__harness/orders` in the contract). */
export const CHECKOUT_SESSION_ROUTES = ['/__harness/checkout-sessions', '/__harness/orders'] as const;
/** The account's routes: its settings and its clock. */
export const PAYMENT_ACCOUNT_ROUTE = '/__harness/payments';

const isObject = (body: unknown): body is Record<string, unknown> =>
  typeof body === 'object' && body !== null && !Array.isArray(body);

/** The one field of a control body, one of `values` (`{ "outcome": "failed" }`). */
function choice<T extends string>(body: unknown, field: string, values: readonly T[]): T {
  if (!isObject(body)) throw badRequest('The request body must be a JSON object', 'invalid_body');
  const value = body[field];
  if (value === undefined) throw badRequest(`${field} is required`, 'invalid_body');
  if (!values.includes(value as T))
    throw badRequest(`${field} must be one of ${values.join(', ')}`, 'invalid_body');
  return value as T;
}

/** A time in a control body: Unix seconds, or an ISO 8601 string. */
function timeOf(value: unknown, field: string): number {
  if (Number.isInteger(value) && (value as number) > 0) return value as number;
  const ms = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  if (Number.isFinite(ms)) return Math.floor(ms / 1000);
  throw badRequest(`${field} must be Unix seconds or an ISO 8601 time`);
}

export function registerPaymentControlRoutes(app: FastifyInstance, ctx: PaymentsContext): void {
  for (const base of CHECKOUT_SESSION_ROUTES) registerAt(app, ctx, base);
  registerAccountRoutes(app, ctx);
}

type SessionRequest = { params: unknown; body: unknown };

function registerAt(app: FastifyInstance, { state, payments }: PaymentsContext, base: string): void {
  const { checkoutSessions: sessions, providerEvents } = state;
  const summary = (record: CheckoutRecord) =>
    summarize(record, providerEvents.bySession(record.session.id), payments.now());
  const existing = (params: unknown) => {
    const { id } = params as { id: string };
    if (!sessions.get(id)) throw notFound('No such checkout session', 'session_not_found');
    return id;
  };
  /**
   * A route acting on one session: the action's change applied, answered with the session as it is after the first
   * deliveries (the record the action made if a reset removed the session meanwhile).
   */
  const action = (
    path: string,
    act: (request: SessionRequest) => (record: CheckoutRecord, nowS: number) => Change,
  ) =>
    app.post(`${base}/:id/${path}`, async (request) => {
      const { id } = request.params as { id: string };
      const change = act(request);
      let result: Awaited<ReturnType<typeof payments.apply>>;
      try {
        result = await payments.apply(id, change);
      } catch (error) {
        if (error instanceof BillingConflict) throw conflict(error.message, error.code);
        throw error;
      }
      if (!result) throw notFound('No such checkout session', 'session_not_found');
      return { order: summary(sessions.get(id) ?? result.record), sent: result.eventIds };
    });
  const settings = () => payments.settings();
  app.get(base, async () => sessions.all().map(summary));
  // Every event of a session as it is delivered (the body parsed), with its delivery attempts.
  app.get(`${base}/:id/events`, async (request) =>
    providerEvents
      .bySession(existing(request.params))
      .map(({ payload, ...event }) => ({ ...event, event: JSON.parse(payload) as unknown })),
  );
  // The bank confirms the first Direct Debit (the clock moves to when it would: seven business days on).
  action('settle', ({ body }) => {
    const outcome = choice(body, 'outcome', ['succeeded', 'failed'] as const);
    return (record) => settleFirstDebit(record, outcome, settings());
  });
  // What the buyer's payment method does with the next charges (a test card or account that pays, or does not).
  action('payment-method', ({ body }) => {
    const outcome = choice(body, 'outcome', ['succeeds', 'fails'] as const);
    return (record) => ({ record: { ...record, payment_outcome: outcome }, events: [] });
  });
  // The next renewal pays or fails: the clock moves to when its first attempt has an outcome.
  action('advance', ({ body }) => {
    const paid = choice(body, 'renewal', ['paid', 'failed'] as const) === 'paid';
    return (record) => {
      const ready = { ...record, payment_outcome: paid ? ('succeeds' as const) : ('fails' as const) };
      return advanceClock(ready, renewalOutcomeAt(ready, settings()), settings());
    };
  });
  // The subscription's test clock moves to `to` (Unix seconds or ISO), or to its next step (`{ "to": "next" }`).
  action('clock', ({ body }) => (record) => {
    const { to } = (body ?? {}) as { to?: unknown };
    const next = nextStepAt(record);
    if (to === 'next' && next === null)
      throw new BillingConflict('The subscription has nothing more to do', 'nothing_planned');
    const toS = to === 'next' ? next! : timeOf(to, 'to');
    if (record.clock_s !== null && toS < record.clock_s)
      throw new BillingConflict('A test clock only moves forward', 'clock_backwards');
    return advanceClock(record, toS, settings());
  });
  // Cancels the subscription: now, at the end of the current period, or at a later period's end (`cancel_at`).
  action('cancel', ({ body }) => {
    const at = (body as { at?: unknown } | undefined)?.at;
    if (at === undefined)
      throw badRequest('at must be now, period_end, or a time (Unix seconds or ISO 8601)');
    const when = at === 'now' || at === 'period_end' ? at : timeOf(at, 'at');
    return (record, nowS) => applyBilling(record, cancelSubscription(record, when, nowS, settings()));
  });
  // The bank disputes the latest confirmed Direct Debit (`charge.dispute.created`).
  action(
    'dispute',
    () => (record, nowS) => applyBilling(record, disputeLatestDebit(record, nowS, settings())),
  );
  // Resends one of the session's events unchanged and freshly signed (by default its checkout.session.completed), as
  // the provider's dashboard can; the retry schedule carries on unless this attempt delivers it.
  app.post(`${base}/:id/webhook`, async (request) => {
    const id = existing(request.params);
    const wanted = isObject(request.body) ? request.body.event_id : undefined;
    if (wanted !== undefined && typeof wanted !== 'string') throw badRequest('event_id must be a string');
    const events = providerEvents.bySession(id);
    const event = wanted
      ? events.find((candidate) => candidate.id === wanted)
      : events.find((candidate) => candidate.type === 'checkout.session.completed');
    if (wanted && !event) throw notFound('This session has no such event', 'event_not_found');
    if (!event) throw conflict('This session is not completed: it has no event to deliver', 'not_paid');
    if (event.state === 'not_sent')
      throw conflict('The webhook endpoint is not sent events of this type', 'not_subscribed');
    return { event_id: event.id, attempt: await payments.resend(event.id) };
  });
}

function registerAccountRoutes(app: FastifyInstance, { payments }: PaymentsContext): void {
  const view = () => ({
    ...settingsView(payments.settings()),
    prices: Object.fromEntries(payments.prices.all().map(({ id, ...price }) => [id, price])),
    event_order_seed: payments.eventOrderSeed,
    event_duplicates: payments.duplicateDeliveries,
    now: payments.now(),
  });
  app.get(`${PAYMENT_ACCOUNT_ROUTE}/settings`, async () => view());
  // Changes the account's settings (its dashboard) until the next reset; `event_order_seed` replays a delivery order.
  app.post(`${PAYMENT_ACCOUNT_ROUTE}/settings`, async ({ body }) => {
    if (!isObject(body)) throw badRequest('The settings must be a JSON object');
    const { event_order_seed: seed, event_duplicates: duplicates, prices, ...patch } = body;
    if (seed !== undefined && seed !== null && (!Number.isInteger(seed) || (seed as number) < 0))
      throw badRequest('event_order_seed must be a whole number or null');
    if (duplicates !== undefined && typeof duplicates !== 'boolean')
      throw badRequest('event_duplicates must be true or false');
    try {
      const dashboard = prices === undefined ? undefined : dashboardPricesOf(prices);
      payments.updateSettings(patch);
      if (dashboard) payments.setPrices(dashboard);
    } catch (error) {
      if (error instanceof SettingsError) throw badRequest(error.message);
      throw error;
    }
    if (seed !== undefined) payments.reseedEventOrder(seed as number | null);
    if (duplicates !== undefined) payments.duplicateDeliveries = duplicates;
    return view();
  });
  // Moves the double's own clock on (a session's `expires_at`, the API's "now"); a reset puts it back.
  app.post(`${PAYMENT_ACCOUNT_ROUTE}/time`, async ({ body }) => {
    const seconds = (body as { advance_seconds?: unknown } | undefined)?.advance_seconds;
    if (!Number.isInteger(seconds) || (seconds as number) < 1 || (seconds as number) > 400 * 24 * 60 * 60)
      throw badRequest('advance_seconds must be a whole number of seconds, 1 to 400 days');
    return { now: payments.advanceTime(seconds as number) };
  });
}
