import type { FastifyInstance } from 'fastify';
import type { EmulatorContext } from '../context.ts';
import { ConflictError, NotFoundError } from '../errors.ts';
import { deliverWebhook } from './webhook-delivery.ts';

/** Control API of the payment double (tests): deliver a paid session's event again, as the provider's retries do. */
export function registerPaymentControlRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  app.post('/__harness/orders/:id/webhook', async (request) => {
    const { id } = request.params as { id: string };
    const record = ctx.state.orders.get(id);
    if (!record) throw new NotFoundError('No such checkout session', 'session_not_found');
    if (!record.webhook)
      throw new ConflictError('This session is not paid: it has no event to deliver', 'not_paid');
    const attempt = await deliverWebhook(ctx, id);
    return { event_id: record.webhook.event_id, attempt };
  });
}
