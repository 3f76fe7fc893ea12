/**
 * A Fastify app for the harness's hooks and routes, answered through `inject` (no socket, no port). Requests arrive
 * as if on `PORT` of this machine: light-my-request's mock socket has no `localPort`, which the Host and Origin rules
 * read, so `rewriteUrl` (the first thing Fastify does with a request, before routing and every hook) gives it one.
 */
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';

/** The port the test app's requests arrive on. */
export const PORT = 4400;
/** A `Host` header naming the test app. */
export const OWN_HOST = `localhost:${PORT}`;

/** `port` null: the port is unknown, as on a socket that is not a real one. */
export function testApp(options: FastifyServerOptions = {}, port: number | null = PORT): FastifyInstance {
  return Fastify({
    logger: false,
    ...options,
    rewriteUrl(request) {
      (request.socket as { localPort?: number }).localPort = port ?? undefined;
      return request.url ?? '/';
    },
  });
}
