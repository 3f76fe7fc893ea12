/**
 * The payment provider's stand-in is a server of its own (`host-harness/payments/`, :4402 under `npm start`), which the
 * platform reaches only over HTTP, as it would the real provider. The paths people and tests have used on the
 * platform's port keep answering: each request is forwarded as it came (method, path and query, body, content type;
 * the guard has already judged its origin here), and answered as the provider answered (status, body, a redirect's
 * target, the pay page's own security headers).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../core/errors.ts';

/** The documented paths (host-harness/README.md, "Control API"): the pay page, the sessions and their alias, the account. */
export const FORWARDED_ROUTES = [
  '/__harness/pay/:id',
  '/__harness/pay/:id/:action',
  ...['/__harness/checkout-sessions', '/__harness/orders'].flatMap((base) => [base, `${base}/:id/:action`]),
  '/__harness/payments/:setting',
] as const;

/** What comes back besides the body. */
const ANSWER_HEADERS = [
  'content-type',
  'location',
  'content-security-policy',
  'referrer-policy',
  'x-content-type-options',
  'cache-control',
];

const BODY_LIMIT = 256 * 1024;

/** The project's function the provider's webhook endpoint names (docs/deploy.md, "Stripe's webhook endpoint"). */
export const WEBHOOK_FUNCTION = 'stripeWebhook';

/** The webhook endpoint's URL: the platform's route of the webhook function, on the platform's own address. */
export function webhookEndpointUrl(platformUrl: string, appId: string): string {
  return `${platformUrl}/api/apps/${encodeURIComponent(appId)}/functions/${WEBHOOK_FUNCTION}`;
}

async function forward(providerUrl: string | null, request: FastifyRequest, reply: FastifyReply) {
  if (!providerUrl)
    throw new ApiError(
      503,
      'This emulator was started without a payment provider',
      'provider_not_configured',
    );
  const type = request.headers['content-type'];
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  let answer: Response;
  try {
    answer = await fetch(`${providerUrl}${request.url}`, {
      method: request.method,
      headers: typeof type === 'string' ? { 'content-type': type } : {},
      body: hasBody && request.body ? new Uint8Array(request.body as Buffer) : null,
      redirect: 'manual',
    });
  } catch {
    throw new ApiError(502, `The payment provider did not answer at ${providerUrl}`, 'provider_unreachable');
  }
  reply.code(answer.status);
  for (const name of ANSWER_HEADERS) {
    const value = answer.headers.get(name);
    if (value !== null) reply.header(name, value);
  }
  return reply.send(Buffer.from(await answer.arrayBuffer()));
}

/** Registers the forwarded paths; bodies travel as raw bytes. */
export function registerProviderForwarding(app: FastifyInstance, providerUrl: string | null): void {
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );
    for (const url of FORWARDED_ROUTES)
      scope.route({
        method: ['GET', 'POST'],
        url,
        handler: (request, reply) => forward(providerUrl, request, reply),
      });
  });
}

/** Resets the provider with the platform (`POST /__harness/reset` resets both). */
export async function resetProvider(providerUrl: string | null): Promise<void> {
  if (!providerUrl) return;
  const answer = await fetch(`${providerUrl}/__harness/reset`, { method: 'POST' });
  if (!answer.ok)
    throw new ApiError(
      502,
      `The payment provider refused its reset (${answer.status})`,
      'provider_reset_failed',
    );
}
