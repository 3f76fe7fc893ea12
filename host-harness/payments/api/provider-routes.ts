/** The provider's REST API (`/v1`) as the project's functions use it: Checkout Sessions and the billing objects. */
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
