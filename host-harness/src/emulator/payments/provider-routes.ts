import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EmulatorContext } from '../context.ts';
import { randomAlphanumeric } from '../ids.ts';
import { parseSessionParams } from './checkout-params.ts';
import { buildLineItems, buildSession, type CheckoutSession, newSessionId } from './checkout-session.ts';
import { decodeForm } from './form-decode.ts';
import { fingerprintOf } from './idempotency-cache.ts';
import { PROVIDER_BODY_LIMIT, PROVIDER_SECRET_KEY } from './provider-config.ts';
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

function wantsLineItems(request: FastifyRequest): boolean {
  const query = new URLSearchParams(request.url.split('?')[1] ?? '');
  return [...query].some(([key, value]) => key.startsWith('expand') && value === 'line_items');
}

/**
 * The subset of the payment provider's REST API the project's functions use (Stripe: create and retrieve a Checkout
 * Session, and a session's line items), with its error shape, API-key check and `Idempotency-Key` replays.
 */
export function registerProviderRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const { state } = ctx;
  const { idempotency } = ctx.payments;

  const lineItemsList = (id: string, data: unknown[]) => ({
    object: 'list',
    data,
    has_more: false,
    url: `/v1/checkout/sessions/${id}/line_items`,
  });

  const findSession = (id: string) => {
    const record = state.orders.get(id);
    if (!record)
      throw new ProviderError(
        404,
        'invalid_request_error',
        `No such checkout.session: '${id.slice(0, 100)}'`,
        'session',
        'resource_missing',
      );
    return record;
  };

  const createSession = (request: FastifyRequest, body: string): CheckoutSession => {
    const input = parseSessionParams(decodeForm(body));
    const id = newSessionId();
    const lineItems = buildLineItems(input);
    const session = buildSession(
      input,
      lineItems,
      id,
      `${ctx.ownUrl()}/__harness/pay/${id}`,
      Math.floor(Date.now() / 1000),
    );
    const version = request.headers['stripe-version'];
    state.orders.create({
      app_id: state.appId,
      session,
      line_items: lineItems,
      cancelled: false,
      api_version: typeof version === 'string' ? version.slice(0, 40) : null,
      webhook: null,
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
    },
    { prefix: '/v1' },
  );
}
