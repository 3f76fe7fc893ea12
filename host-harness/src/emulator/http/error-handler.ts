import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiError } from '../errors.ts';

/** Turns every failure into the platform's error shape; anything unexpected is logged and answered 500. */
export function registerErrorHandlers(app: FastifyInstance, quiet: boolean): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) return reply.code(error.status).send(error.toBody());
    const status = error.statusCode;
    if (status && status >= 400 && status < 500) {
      const message = status === 413 ? `The request body is too large: ${error.message}` : error.message;
      return reply.code(status).send({ message, code: error.code ?? 'bad_request' });
    }
    if (!quiet) console.error(`emulator: ${request.method} ${request.url} failed`, error);
    return reply
      .code(500)
      .send({ message: 'The emulator failed to handle this request', code: 'internal_error' });
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    reply
      .code(404)
      .send({ message: `No such endpoint: ${request.method} ${path.slice(0, 200)}`, code: 'not_found' });
  });
}
