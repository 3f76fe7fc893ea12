/**
 * Control API of the payment double (tests and people, never the site): the sessions with their events, a Direct
 * Debit's settlement, the subscription's test clock and cancellation, and resending an event by hand. Every action
 * stores and delivers the events the provider sends for it and answers once each first delivery attempt has ended.
 */
import type { FastifyInstance } from 'fastify';
import { BadRequestError, ConflictError, NotFoundError } from '../../core/errors.ts';
import { objectBody } from '../../core/http/route-schema.ts';
import { nowSeconds } from '../../core/ids.ts';
import { advanceToRenewal, cancelSubscription } from '../billing/subscription-clock.ts';
import type { Change } from '../checkout/checkout-completion.ts';
import { settleDirectDebit } from '../checkout/checkout-completion.ts';
import type { CheckoutRecord } from '../checkout/checkout-session-store.ts';
import type { PaymentsContext } from '../checkout/payments-context.ts';
import { summarize } from './session-summary.ts';

const choice = (field: string, values: readonly string[]) =>
  objectBody({ [field]: { type: 'string', enum: values, description: `one of ${values.join(', ')}` } }, [
    field,
  ]);

const settleBody = choice('outcome', ['succeeded', 'failed']);
const advanceBody = choice('renewal', ['paid', 'failed']);
const cancelBody = choice('at', ['now', 'period_end']);

/**
 * Where the control routes live, and their first path, kept as an alias with every sub-route: tests outside this
 * repository and the contract the harness was built to (which names `GET /__harness/orders`) call it.
 */
export const CHECKOUT_SESSION_ROUTES = ['/__harness/checkout-sessions', '/__harness/orders'] as const;

export function registerPaymentControlRoutes(app: FastifyInstance, ctx: PaymentsContext): void {
  for (const base of CHECKOUT_SESSION_ROUTES) registerAt(app, ctx, base);
}

function registerAt(app: FastifyInstance, ctx: PaymentsContext, base: string): void {
  const { checkoutSessions: sessions, providerEvents } = ctx.state;
  const idOf = (params: unknown) => (params as { id: string }).id;
  const summary = (record: CheckoutRecord) =>
    summarize(record, providerEvents.bySession(record.session.id), nowSeconds());

  /** Runs an action on a session and answers with the session as it is after the first deliveries. */
  const act = async (id: string, action: (record: CheckoutRecord) => Change) => {
    if (!sessions.get(id)) throw new NotFoundError('No such checkout session', 'session_not_found');
    const result = await ctx.payments.apply(id, action);
    const record = sessions.get(id) ?? result?.record;
    if (!record) throw new NotFoundError('No such checkout session', 'session_not_found');
    return { order: summary(record), sent: result?.eventIds ?? [] };
  };

  app.get(base, async () => sessions.all().map(summary));

  // Every event of a session as it is delivered (the body parsed), with its delivery attempts.
  app.get(`${base}/:id/events`, async (request) => {
    const id = idOf(request.params);
    if (!sessions.get(id)) throw new NotFoundError('No such checkout session', 'session_not_found');
    return providerEvents.bySession(id).map(({ payload, ...event }) => ({
      ...event,
      event: JSON.parse(payload) as unknown,
    }));
  });

  app.post(`${base}/:id/settle`, { schema: { body: settleBody } }, async (request) => {
    const { outcome } = request.body as { outcome: 'succeeded' | 'failed' };
    return act(idOf(request.params), (record) => settleDirectDebit(record, outcome, nowSeconds()));
  });

  app.post(`${base}/:id/advance`, { schema: { body: advanceBody } }, async (request) => {
    const { renewal } = request.body as { renewal: 'paid' | 'failed' };
    return act(idOf(request.params), (record) => advanceToRenewal(record, renewal));
  });

  app.post(`${base}/:id/cancel`, { schema: { body: cancelBody } }, async (request) => {
    const { at } = request.body as { at: 'now' | 'period_end' };
    return act(idOf(request.params), (record) => cancelSubscription(record, at, nowSeconds()));
  });

  // Resends one of the session's events unchanged and freshly signed (by default its checkout.session.completed), as
  // the provider's dashboard can; the retry schedule carries on unless this attempt delivers it.
  app.post(`${base}/:id/webhook`, async (request) => {
    const id = idOf(request.params);
    if (!sessions.get(id)) throw new NotFoundError('No such checkout session', 'session_not_found');
    const body = request.body;
    const wanted =
      typeof body === 'object' && body !== null && 'event_id' in body
        ? (body as { event_id: unknown }).event_id
        : undefined;
    if (wanted !== undefined && typeof wanted !== 'string')
      throw new BadRequestError('event_id must be a string');
    const events = providerEvents.bySession(id);
    const event = wanted
      ? events.find((candidate) => candidate.id === wanted)
      : events.find((candidate) => candidate.type === 'checkout.session.completed');
    if (wanted && !event) throw new NotFoundError('This session has no such event', 'event_not_found');
    if (!event)
      throw new ConflictError('This session is not completed: it has no event to deliver', 'not_paid');
    const attempt = await ctx.payments.dispatcher.resend(event.id);
    return { event_id: event.id, attempt };
  });
}
