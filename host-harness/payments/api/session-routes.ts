/** Checkout Sessions in the provider's API: create (with `Idempotency-Key` replays), retrieve, line items, list. */
import type { FastifyInstance } from 'fastify';
import { chargeTerms } from '../billing/billing-terms.ts';
import { buildLineItems, buildSession, newSessionId, pricedLinesOf } from '../checkout/checkout-session.ts';
import type { CheckoutRecord } from '../checkout/checkout-session-store.ts';
import type { PaymentsContext } from '../checkout/payment-engine.ts';
import { renderObject } from '../webhooks/event-versions.ts';
import {
  describedGet,
  formBody,
  limitOf,
  list,
  notFound,
  onlyQuery,
  queryOf,
  requestVersion,
  requireKey,
} from './api-request.ts';
import { parseSessionParams } from './checkout-rules.ts';
import { fingerprintOf, type IdempotencyStore, idempotencyKeyOf, replayOf } from './idempotency-store.ts';
import { ProviderError } from './provider-error.ts';
import { describedParams } from './request-schema.ts';

export function registerSessionRoutes(
  scope: FastifyInstance,
  ctx: PaymentsContext,
  idempotency: IdempotencyStore,
) {
  const { state, payments } = ctx;
  const accountDefault = () => payments.settings().defaultApiVersion;
  const lineItems = (record: CheckoutRecord, version: string) =>
    list(
      `/v1/checkout/sessions/${record.session.id}/line_items`,
      record.line_items.map((item) => renderObject(item, version)),
    );
  const findSession = async (id: string) => {
    const record = await payments.current(id);
    if (!record) throw notFound('checkout.session', id, 'session');
    return record;
  };
  /** Validation first (a refusal is not saved under the key); then the session is created and stored. */
  const createSession = (body: string, version: string) => {
    const nowS = payments.now();
    const input = parseSessionParams(describedParams('POST /v1/checkout/sessions', body, version), {
      nowS,
      prices: payments.prices,
      settings: payments.settings(),
      returnOrigins: payments.returnOrigins,
    });
    return () => {
      const id = newSessionId();
      const terms = chargeTerms(pricedLinesOf(input), input.subscriptionData, nowS);
      const session = buildSession(input, terms, id, `${ctx.ownUrl()}/__harness/pay/${id}`, nowS);
      const line_items = buildLineItems(input, terms, nowS);
      const record = { app_id: state.appId, session, line_items, subscription_data: input.subscriptionData };
      state.checkoutSessions.create({ ...record, api_version: version });
      return session;
    };
  };
  scope.post('/checkout/sessions', async (request, reply) => {
    const apiKey = requireKey(request);
    const version = requestVersion(request, accountDefault());
    const body = formBody(request);
    const key = idempotencyKeyOf(request.headers);
    const fingerprint = fingerprintOf(request.url, body);
    const storeKey = key && `${apiKey}\n${key}`;
    const saved = storeKey ? idempotency.get(storeKey) : undefined;
    if (saved) {
      const replay = replayOf(saved, fingerprint, key!);
      return reply.header('idempotent-replayed', 'true').code(replay.status).send(replay.body);
    }
    // A request refused by validation throws here: nothing is saved, the key stays free.
    const create = createSession(body, version);
    let status = 200;
    let answer: unknown;
    try {
      answer = renderObject(create(), version);
    } catch (error) {
      // Execution began (the request was valid): a failure now is the provider's 500, saved under the key like any
      // answer ("Retries with the same key return the saved response, including `500` errors").
      if (!ctx.quiet) console.error('payment double: creating a session failed', error);
      status = 500;
      answer = new ProviderError(
        500,
        'api_error',
        'The payment double failed to create the session',
      ).toBody();
    }
    if (storeKey) idempotency.set(storeKey, { fingerprint, status, body: answer });
    if (key) reply.header('idempotency-key', key);
    return reply.code(status).send(answer);
  });
  describedGet(scope, 'GET /v1/checkout/sessions/{session}', accountDefault, async (request, version) => {
    const record = await findSession(request.params.id);
    const session = renderObject(record.session, version);
    const expand = [...queryOf(request)].some(
      ([key, value]) => key.startsWith('expand') && value === 'line_items',
    );
    return expand ? { ...session, line_items: lineItems(record, version) } : session;
  });
  describedGet(
    scope,
    'GET /v1/checkout/sessions/{session}/line_items',
    accountDefault,
    async (request, version) => lineItems(await findSession(request.params.id), version),
  );
  // Newest first, as the provider lists them; `subscription` finds the session that created a subscription.
  describedGet(scope, 'GET /v1/checkout/sessions', accountDefault, (request, version) => {
    const query = queryOf(request);
    onlyQuery(query, ['subscription', 'limit'], 'sessions');
    const limit = limitOf(query);
    const subscription = query.get('subscription');
    const sessions = state.checkoutSessions
      .all()
      .map((record) => record.session)
      .filter((session) => subscription === null || session.subscription === subscription)
      .reverse();
    const page = sessions.slice(0, limit).map((session) => renderObject(session, version));
    return list('/v1/checkout/sessions', page, sessions.length > limit);
  });
}
