/**
 * Control API of the payment double (tests and people, never the site): the sessions with their events; a
 * first Direct Debit's confirmation; each subscription's test clock, the next payment's outcome, cancellation
 * and a bank's dispute; resending an event by hand; and the account's settings and clock.
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

/** The one field of a control body, one of `values` (`{ "outcome": "failed" }`). */
function choice<T extends string>(body: unknown, field: string, values: readonly T[]): T {
  const value = (body as Record<string, unknown> | null)?.[field];
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw badRequest('The request body must be a JSON object', 'invalid_body');
  if (value === undefined) throw badRequest(`${field} is required`, 'invalid_body');
  if (!values.includes(value as T))
    throw badRequest(`${field} must be one of ${values.join(', ')}`, 'invalid_body');
  return value as T;
}

/**
 * Where the session routes live, and their first path, kept as an alias with every sub-route: tests outside
 * this repository and the contract the harness was built to (which names `GET /__harness/orders`) call it.
 */
export const CHECKOUT_SESSION_ROUTES = ['/__harness/checkout-sessions', '/__harness/orders'] as const;
/** The account's routes: its settings and its clock. */
export const PAYMENT_ACCOUNT_ROUTE = '/__harness/payments';

export function registerPaymentControlRoutes(app: FastifyInstance, ctx: PaymentsContext): void {
  for (const base of CHECKOUT_SESSION_ROUTES) registerAt(app, ctx, base);
  registerAccountRoutes(app, ctx);
}

/** A whole number (`Number.isInteger` is false for anything not a number). */
const isWholeNumber = (value: unknown): value is number => Number.isInteger(value);

/** A time in a control body: Unix seconds, or an ISO 8601 string. */
function timeOf(value: unknown, field: string): number {
  if (isWholeNumber(value) && value > 0) return value;
  if (typeof value === 'string') {
    const ms = Date.parse(value);
    if (Number.isFinite(ms)) return Math.floor(ms / 1000);
  }
  throw badRequest(`${field} must be Unix seconds or an ISO 8601 time`);
}

function registerAt(app: FastifyInstance, ctx: PaymentsContext, base: string): void {
  const { checkoutSessions: sessions, providerEvents } = ctx.state;
  const { payments } = ctx;
  const idOf = (params: unknown) => (params as { id: string }).id;
  const summary = (record: CheckoutRecord) =>
    summarize(record, providerEvents.bySession(record.session.id), payments.now());
  /**
   * Runs an action on a session and answers with the session as it is after the first deliveries (the record
   * the action made if a reset removed the session meanwhile).
   */
  const act = async (id: string, action: (record: CheckoutRecord, nowS: number) => Change) => {
    let result: Awaited<ReturnType<typeof payments.apply>>;
    try {
      result = await payments.apply(id, action);
    } catch (error) {
      if (error instanceof BillingConflict) throw conflict(error.message, error.code);
      throw error;
    }
    if (!result) throw notFound('No such checkout session', 'session_not_found');
    return { order: summary(sessions.get(id) ?? result.record), sent: result.eventIds };
  };
  const settings = () => payments.settings();
  app.get(base, async () => sessions.all().map(summary));
  // Every event of a session as it is delivered (the body parsed), with its delivery attempts.
  app.get(`${base}/:id/events`, async (request) => {
    const id = idOf(request.params);
    if (!sessions.get(id)) throw notFound('No such checkout session', 'session_not_found');
    return providerEvents.bySession(id).map(({ payload, ...event }) => ({
      ...event,
      event: JSON.parse(payload) as unknown,
    }));
  });
  // The bank confirms the first Direct Debit (the clock moves to when it would: seven business days on).
  app.post(`${base}/:id/settle`, async (request) => {
    const outcome = choice(request.body, 'outcome', ['succeeded', 'failed'] as const);
    return act(idOf(request.params), (record) => settleFirstDebit(record, outcome, settings()));
  });
  // What the buyer's payment method does with the next charges (a test card or account that pays, or does not).
  app.post(`${base}/:id/payment-method`, async (request) => {
    const outcome = choice(request.body, 'outcome', ['succeeds', 'fails'] as const);
    return act(idOf(request.params), (record) => ({
      record: { ...record, payment_outcome: outcome },
      events: [],
    }));
  });
  // The next renewal pays or fails: the clock moves to when its first attempt has an outcome (the draft's hour, and a
  // Direct Debit's business days, included).
  app.post(`${base}/:id/advance`, async (request) => {
    const renewal = choice(request.body, 'renewal', ['paid', 'failed'] as const);
    return act(idOf(request.params), (record) => {
      const ready = {
        ...record,
        payment_outcome: renewal === 'paid' ? ('succeeds' as const) : ('fails' as const),
      };
      return advanceClock(ready, renewalOutcomeAt(ready, settings()), settings());
    });
  });
  // The subscription's test clock moves to `to` (Unix seconds or ISO), or to its next step (`{ "to": "next" }`).
  app.post(`${base}/:id/clock`, async (request) => {
    const body = (request.body ?? {}) as { to?: unknown };
    return act(idOf(request.params), (record) => {
      const next = nextStepAt(record);
      if (body.to === 'next' && next === null)
        throw new BillingConflict('The subscription has nothing more to do', 'nothing_planned');
      const to = body.to === 'next' ? next! : timeOf(body.to, 'to');
      if (record.clock_s !== null && to < record.clock_s)
        throw new BillingConflict('A test clock only moves forward', 'clock_backwards');
      return advanceClock(record, to, settings());
    });
  });
  // Cancels the subscription: now, at the end of the current period, or at a later period's end (`cancel_at`).
  app.post(`${base}/:id/cancel`, async (request) => {
    const at = (request.body as { at?: unknown } | undefined)?.at;
    const when = at === 'now' || at === 'period_end' ? at : at === undefined ? null : timeOf(at, 'at');
    if (when === null) throw badRequest('at must be now, period_end, or a time (Unix seconds or ISO 8601)');
    return act(idOf(request.params), (record, nowS) =>
      applyBilling(record, cancelSubscription(record, when, nowS, settings())),
    );
  });
  // The bank disputes the latest confirmed Direct Debit (`charge.dispute.created`).
  app.post(`${base}/:id/dispute`, async (request) =>
    act(idOf(request.params), (record, nowS) =>
      applyBilling(record, disputeLatestDebit(record, nowS, settings())),
    ),
  );
  // Resends one of the session's events unchanged and freshly signed (by default its checkout.session.completed), as
  // the provider's dashboard can; the retry schedule carries on unless this attempt delivers it.
  app.post(`${base}/:id/webhook`, async (request) => {
    const id = idOf(request.params);
    if (!sessions.get(id)) throw notFound('No such checkout session', 'session_not_found');
    const body = request.body;
    const wanted =
      typeof body === 'object' && body !== null && 'event_id' in body
        ? (body as { event_id: unknown }).event_id
        : undefined;
    if (wanted !== undefined && typeof wanted !== 'string') throw badRequest('event_id must be a string');
    const events = providerEvents.bySession(id);
    const event = wanted
      ? events.find((candidate) => candidate.id === wanted)
      : events.find((candidate) => candidate.type === 'checkout.session.completed');
    if (wanted && !event) throw notFound('This session has no such event', 'event_not_found');
    if (!event) throw conflict('This session is not completed: it has no event to deliver', 'not_paid');
    if (event.state === 'not_sent')
      throw conflict('The webhook endpoint is not sent events of this type', 'not_subscribed');
    const attempt = await payments.resend(event.id);
    return { event_id: event.id, attempt };
  });
}

function registerAccountRoutes(app: FastifyInstance, ctx: PaymentsContext): void {
  const { payments } = ctx;
  const view = () => ({
    ...settingsView(payments.settings()),
    prices: Object.fromEntries(payments.prices.all().map(({ id, ...price }) => [id, price])),
    event_order_seed: payments.eventOrderSeed,
    event_duplicates: payments.duplicateDeliveries,
    now: payments.now(),
  });
  app.get(`${PAYMENT_ACCOUNT_ROUTE}/settings`, async () => view());
  // Changes the account's settings (its dashboard) until the next reset; `event_order_seed` replays a delivery order.
  app.post(`${PAYMENT_ACCOUNT_ROUTE}/settings`, async (request) => {
    const body = request.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      throw badRequest('The settings must be a JSON object');
    const {
      event_order_seed: seed,
      event_duplicates: duplicates,
      prices,
      ...patch
    } = body as Record<string, unknown>;
    if (seed !== undefined && seed !== null && (!isWholeNumber(seed) || seed < 0))
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
  app.post(`${PAYMENT_ACCOUNT_ROUTE}/time`, async (request) => {
    const seconds = (request.body as { advance_seconds?: unknown } | undefined)?.advance_seconds;
    if (!isWholeNumber(seconds) || seconds < 1 || seconds > 400 * 24 * 60 * 60)
      throw badRequest('advance_seconds must be a whole number of seconds, 1 to 400 days');
    return { now: payments.advanceTime(seconds) };
  });
}
