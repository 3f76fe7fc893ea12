import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { nowSeconds, randomAlphanumeric } from '../../core/ids.ts';
import { PROVIDER_BODY_LIMIT, PROVIDER_SECRET_KEY } from '../account/provider-config.ts';
import { chargeTerms } from '../billing/billing-terms.ts';
import {
  buildLineItems,
  buildSession,
  type CheckoutSession,
  newSessionId,
  pricedLinesOf,
} from '../checkout/checkout-session.ts';
import type { PaymentsContext } from '../checkout/payments-context.ts';
import { parseSessionParams } from './checkout-params.ts';
import { decodeForm } from './form-decode.ts';
import { fingerprintOf } from './idempotency-cache.ts';
import { invalidRequest, isProviderError, ProviderError } from './provider-error.ts';

const FORM = /^application\/x-www-form-urlencoded\b/i;

/** The API key of a request: `Authorization: Bearer sk_…`, or HTTP Basic with the key as user name. */
function apiKeyOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const bearer = /^Bearer\s+(\S+)$/i.exec(header.trim());
  if (bearer) return bearer[1]!;
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header.trim());
  return basic ? (Buffer.from(basic[1]!, 'base64').toString('utf8').split(':')[0] ?? null) : null;
}

function masked(key: string): string {
  return key.length > 8 ? `${key.slice(0, 8)}${'*'.repeat(12)}${key.slice(-4)}` : '****';
}

function requireKey(request: FastifyRequest): string {
  const key = apiKeyOf(request);
  if (!key)
    throw new ProviderError(
      401,
      'invalid_request_error',
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    );
  if (key !== PROVIDER_SECRET_KEY)
    throw new ProviderError(
      401,
      'invalid_request_error',
      `Invalid API Key provided: ${masked(key)}`,
      undefined,
      'api_key_invalid',
    );
  return key;
}

function formBody(request: FastifyRequest): string {
  const body = typeof request.body === 'string' ? request.body : '';
  const type = request.headers['content-type'] ?? '';
  if (body !== '' && !FORM.test(type))
    throw invalidRequest('Request bodies must be form-encoded (application/x-www-form-urlencoded)');
  return body;
}

function queryOf(request: FastifyRequest): URLSearchParams {
  return new URLSearchParams(request.url.split('?')[1] ?? '');
}

function wantsLineItems(request: FastifyRequest): boolean {
  return [...queryOf(request)].some(([key, value]) => key.startsWith('expand') && value === 'line_items');
}

const LIST_PARAMS = new Set(['subscription', 'limit']);

/** `GET /v1/checkout/sessions`' filters the double supports (`subscription`, `limit`); others are refused. */
function listFilter(request: FastifyRequest): { subscription: string | null; limit: number } {
  const query = queryOf(request);
  for (const key of query.keys())
    if (!LIST_PARAMS.has(key))
      throw invalidRequest(
        `${key.slice(0, 100)} is not simulated by the local double when listing sessions`,
        key,
      );
  const raw = query.get('limit') ?? '10';
  if (!/^\d{1,3}$/.test(raw) || Number(raw) < 1 || Number(raw) > 100)
    throw invalidRequest('Invalid integer: limit must be 1 to 100', 'limit');
  return { subscription: query.get('subscription'), limit: Number(raw) };
}

function notFound(kind: string, id: string, param: string): ProviderError {
  return new ProviderError(
    404,
    'invalid_request_error',
    `No such ${kind}: '${id.slice(0, 100)}'`,
    param,
    'resource_missing',
  );
}

/**
 * The subset of the payment provider's REST API the project's functions use (Stripe: create, retrieve and list Checkout
 * Sessions and a session's line items; retrieve a subscription or an invoice), with its error shape, API-key check and
 * `Idempotency-Key` replays.
 */
export function registerProviderRoutes(app: FastifyInstance, ctx: PaymentsContext): void {
  const { state } = ctx;
  const { idempotency } = ctx.payments;

  const lineItemsList = (id: string, data: unknown[]) => ({
    object: 'list',
    data,
    has_more: false,
    url: `/v1/checkout/sessions/${id}/line_items`,
  });

  const findSession = (id: string) => {
    const record = state.checkoutSessions.get(id);
    if (!record) throw notFound('checkout.session', id, 'session');
    return record;
  };

  const createSession = (request: FastifyRequest, body: string): CheckoutSession => {
    const nowS = nowSeconds();
    const input = parseSessionParams(decodeForm(body), nowS);
    const id = newSessionId();
    const terms = chargeTerms(pricedLinesOf(input), input.subscriptionData, nowS);
    const session = buildSession(input, terms, id, `${ctx.ownUrl()}/__harness/pay/${id}`, nowS);
    const version = request.headers['stripe-version'];
    state.checkoutSessions.create({
      app_id: state.appId,
      session,
      line_items: buildLineItems(input, terms, nowS),
      subscription_data: input.subscriptionData,
      api_version: typeof version === 'string' ? version.slice(0, 40) : null,
    });
    return session;
  };

  app.register(
    async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser(
        '*',
        { parseAs: 'string', bodyLimit: PROVIDER_BODY_LIMIT },
        (_r, body, done) => done(null, body),
      );
      scope.addHook('onRequest', async (_request, reply) => {
        reply.header('request-id', `req_${randomAlphanumeric(14)}`);
      });
      scope.setErrorHandler((error, request, reply: FastifyReply) => {
        if (isProviderError(error)) return reply.code(error.status).send(error.toBody());
        const status = (error as { statusCode?: number }).statusCode;
        if (status && status >= 400 && status < 500)
          return reply
            .code(status)
            .send(new ProviderError(status, 'invalid_request_error', (error as Error).message).toBody());
        if (!ctx.quiet) console.error(`payment double: ${request.method} ${request.url} failed`, error);
        return reply
          .code(500)
          .send(
            new ProviderError(500, 'api_error', 'The payment double failed to handle this request').toBody(),
          );
      });
      scope.setNotFoundHandler((request, reply) => {
        const path = (request.url.split('?')[0] ?? '').slice(0, 200);
        reply
          .code(404)
          .send(invalidRequest(`Unrecognized request URL (${request.method}: ${path}).`).toBody());
      });

      scope.post('/checkout/sessions', async (request, reply) => {
        const apiKey = requireKey(request);
        const body = formBody(request);
        const keyHeader = request.headers['idempotency-key'];
        const key = typeof keyHeader === 'string' && keyHeader !== '' ? keyHeader : null;
        if (key && key.length > 255) throw invalidRequest('Idempotency keys may be at most 255 characters');
        const fingerprint = fingerprintOf(request.url, body);
        const cacheKey = key ? `${apiKey}\n${key}` : null;
        const saved = cacheKey ? idempotency.get(cacheKey) : undefined;
        if (saved) {
          if (saved.fingerprint !== fingerprint)
            throw new ProviderError(
              400,
              'idempotency_error',
              `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key!.slice(0, 100)}' if you meant to execute a different request.`,
            );
          return reply.header('idempotent-replayed', 'true').code(saved.status).send(saved.body);
        }
        let status = 200;
        let answer: unknown;
        try {
          answer = createSession(request, body);
        } catch (error) {
          if (!isProviderError(error)) throw error;
          status = error.status;
          answer = error.toBody();
        }
        if (cacheKey) idempotency.set(cacheKey, { fingerprint, status, body: answer });
        if (key) reply.header('idempotency-key', key);
        return reply.code(status).send(answer);
      });

      scope.get('/checkout/sessions/:id', async (request) => {
        requireKey(request);
        const record = findSession((request.params as { id: string }).id);
        return wantsLineItems(request)
          ? { ...record.session, line_items: lineItemsList(record.session.id, record.line_items) }
          : record.session;
      });

      scope.get('/checkout/sessions/:id/line_items', async (request) => {
        requireKey(request);
        const record = findSession((request.params as { id: string }).id);
        return lineItemsList(record.session.id, record.line_items);
      });

      // Newest first, as the provider lists them; `subscription` finds the session that created a subscription.
      scope.get('/checkout/sessions', async (request) => {
        requireKey(request);
        const { subscription, limit } = listFilter(request);
        const sessions = state.checkoutSessions
          .all()
          .map((record) => record.session)
          .filter((session) => subscription === null || session.subscription === subscription)
          .reverse();
        return {
          object: 'list',
          data: sessions.slice(0, limit),
          has_more: sessions.length > limit,
          url: '/v1/checkout/sessions',
        };
      });

      scope.get('/subscriptions/:id', async (request) => {
        requireKey(request);
        const { id } = request.params as { id: string };
        const subscription = state.checkoutSessions.bySubscription(id)?.subscription;
        if (!subscription) throw notFound('subscription', id, 'id');
        return subscription;
      });

      scope.get('/invoices/:id', async (request) => {
        requireKey(request);
        const { id } = request.params as { id: string };
        const invoice = state.checkoutSessions
          .all()
          .flatMap((record) => record.invoices)
          .find((candidate) => candidate.id === id);
        if (!invoice) throw notFound('invoice', id, 'invoice');
        return invoice;
      });
    },
    { prefix: '/v1' },
  );
}
