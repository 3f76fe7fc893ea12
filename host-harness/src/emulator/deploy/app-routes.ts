import type { FastifyInstance } from 'fastify';
import type { AppStore } from '../apps/index.ts';
import type { CallerState } from '../auth/index.ts';
import { readAppUpdate } from './app-visibility.ts';
import { registerDeployScope } from './deploy-scope.ts';
import type { Deployments } from './deployments.ts';

/**
 * The app itself, as the platform's CLI reads and changes it: `GET /api/apps/{id}` (`getApp`), `PUT /api/apps/{id}`
 * with `{ public_settings }` (`setAppVisibility`, the first step of `deploy`), the published URL (`site open`), and the
 * two read-backs of the connector step of `deploy`, which runs when the CLI is signed in rather than holding a
 * workspace key: the app has no connectors on the local platform, nor the platform's own Stripe connector.
 */
export function registerAppRoutes(
  app: FastifyInstance,
  ctx: { state: CallerState & { apps: AppStore }; deployments: Deployments },
): void {
  const { state, deployments } = ctx;
  const appOf = (appId: string) => ({
    id: appId,
    name: String(state.apps.get(appId)?.public_settings.name ?? appId),
    public_settings: deployments.visibility(),
    organization_id: null,
  });

  registerDeployScope(app, state, (scope) => {
    scope.get('/api/apps/:appId', async (request) => appOf((request.params as { appId: string }).appId));
    scope.put('/api/apps/:appId', async (request) => {
      deployments.setVisibility(readAppUpdate(request.body));
      return appOf((request.params as { appId: string }).appId);
    });
    scope.get('/api/apps/platform/:appId/published-url', async () => ({ url: deployments.publishedUrl() }));
    scope.get('/api/apps/:appId/external-auth/list', async () => ({ integrations: [] }));
    scope.get('/api/apps/:appId/payments/stripe/status', async () => ({
      stripe_mode: null,
      sandbox_claim_url: null,
    }));
  });
}
