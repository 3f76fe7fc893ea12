import type { FastifyInstance } from 'fastify';
import { type AppStore, requireApp } from '../apps/index.ts';
import type { CallerState } from '../auth/index.ts';
import { requireDeployer } from './deploy-access.ts';

/**
 * Registers deploy API routes (`/api/apps/{appId}/…`) in a scope of their own, where every request is judged before
 * its body is read: the app must exist, and the caller must be allowed to deploy (deploy-access.ts). A refused upload
 * is answered without the harness reading it.
 */
export function registerDeployScope(
  app: FastifyInstance,
  state: CallerState & { apps: AppStore },
  routes: (scope: FastifyInstance) => void,
): void {
  app.register(async (scope) => {
    scope.addHook('onRequest', async (request) => {
      const { appId } = request.params as { appId: string };
      requireApp(state, appId);
      requireDeployer(state, appId, request);
    });
    routes(scope);
  });
}
