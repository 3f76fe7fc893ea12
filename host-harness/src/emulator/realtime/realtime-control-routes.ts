import type { FastifyInstance } from 'fastify';
import { BadRequestError } from '../core/errors.ts';
import type { RealtimeHub } from './realtime-hub.ts';

const MAX_REFUSE_MS = 120_000;

function objectBody(body: unknown): Record<string, unknown> {
  if (body === undefined) return {};
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new BadRequestError('The body must be a JSON object');
  return body as Record<string, unknown>;
}

/** Control API: disconnects every socket and refuses handshakes for a while (reconnection tests). */
export function registerRealtimeControlRoutes(app: FastifyInstance, realtime: RealtimeHub): void {
  app.post('/__harness/realtime/drop', async (request) => {
    const { refuseMs = 0 } = objectBody(request.body);
    if (!Number.isInteger(refuseMs) || (refuseMs as number) < 0 || (refuseMs as number) > MAX_REFUSE_MS) {
      throw new BadRequestError(`refuseMs must be a whole number from 0 to ${MAX_REFUSE_MS}`);
    }
    return { ok: true, disconnected: realtime.drop(refuseMs as number) };
  });
}
