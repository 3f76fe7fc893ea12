import type { FastifyInstance } from 'fastify';
import type { Outbox } from './outbox.ts';

/** Control API: what the platform would have sent (e-mails, one-time codes, reset and invitation tokens). */
export function registerOutboxRoutes(app: FastifyInstance, outbox: Outbox): void {
  app.get('/__harness/outbox', async () => outbox.list());
}
