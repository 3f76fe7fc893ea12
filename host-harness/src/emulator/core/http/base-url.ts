import type { FastifyRequest } from 'fastify';

const LOCAL_HOST = /^(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/;

/**
 * Builds `baseUrl`: the emulator's own base URL as the caller reached it (`http://localhost:4400`), from the request's
 * Host when it is a local one, otherwise the address the emulator listens on.
 */
export function createBaseUrl(listening: () => string | null) {
  return (request: FastifyRequest): string => {
    const host = request.headers.host;
    if (host && LOCAL_HOST.test(host)) return `http://${host}`;
    return listening() ?? 'http://localhost:4400';
  };
}
