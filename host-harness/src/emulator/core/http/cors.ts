import type { FastifyInstance } from 'fastify';

/** Any local origin (the site on :4401, the editor shell, tests on ephemeral ports). */
export const LOCAL_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/;

const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';
const ALLOWED_HEADERS = [
  'Authorization',
  'Content-Type',
  'Accept',
  'X-App-Id',
  'X-Origin-URL',
  'Base44-Functions-Version',
  'on-behalf-of',
  'X-Base44-Anonymous-Id',
].join(', ');

/**
 * CORS for local origins only, written as one hook: credentials are never needed (tokens travel in `Authorization`),
 * and preflights are answered here so that no route has to know about them.
 */
export function registerCors(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (!origin || !LOCAL_ORIGIN.test(origin)) return;
    reply.header('Access-Control-Allow-Origin', origin);
    reply.header('Vary', 'Origin');
    reply.header('Access-Control-Expose-Headers', 'x-base44-connector-error');
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      reply.header('Access-Control-Allow-Methods', ALLOWED_METHODS);
      reply.header('Access-Control-Allow-Headers', ALLOWED_HEADERS);
      reply.header('Access-Control-Max-Age', '600');
      return reply.code(204).send();
    }
  });
}
