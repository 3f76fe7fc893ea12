/**
 * The subset of the payment provider's REST API the project's functions use (Stripe's `/v1`): Checkout
 * Sessions, and the subscription objects a webhook handler fetches; with its API-key check, API versions,
 * error shape and `Idempotency-Key` replays.
 */
import type { FastifyInstance } from 'fastify';
import type { PaymentsContext } from '../checkout/payment-engine.ts';
import { apiScope } from './api-request.ts';
import { registerBillingRoutes } from './billing-routes.ts';
import type { IdempotencyStore } from './idempotency-store.ts';
import { registerSessionRoutes } from './session-routes.ts';

export function registerProviderRoutes(
  app: FastifyInstance,
  ctx: PaymentsContext,
  idempotency: IdempotencyStore,
) {
  app.register(
    async (scope) => {
      apiScope(scope, ctx.quiet);
      registerSessionRoutes(scope, ctx, idempotency);
      registerBillingRoutes(scope, ctx);
    },
    { prefix: '/v1' },
  );
}
