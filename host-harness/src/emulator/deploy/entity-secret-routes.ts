import type { FastifyInstance } from 'fastify';
import type { AppStore } from '../apps/index.ts';
import type { CallerState } from '../auth/index.ts';
import { BadRequestError } from '../core/errors.ts';
import { registerDeployScope } from './deploy-scope.ts';
import type { Deployments } from './deployments.ts';
import { maskedSecrets, readSecrets } from './secret-values.ts';

/**
 * The app's entity schemas and secrets as the platform's CLI sets them: `PUT entity-schemas` (`entities push` and
 * `deploy`: the whole set, `{ created, updated, deleted }` in answer), and `GET`, `POST` and `DELETE secrets`
 * (`secrets list`, `secrets set`, `secrets delete`: values go to the functions' environment, never into an answer).
 */
export function registerEntitySecretRoutes(
  app: FastifyInstance,
  ctx: { state: CallerState & { apps: AppStore }; deployments: Deployments },
): void {
  const { state, deployments } = ctx;
  registerDeployScope(app, state, (scope) => {
    scope.put('/api/apps/:appId/entity-schemas', async (request) => deployments.pushEntities(request.body));

    scope.get('/api/apps/:appId/secrets', async () => maskedSecrets(deployments.secretNames()));
    scope.post('/api/apps/:appId/secrets', async (request) => {
      deployments.setSecrets(readSecrets(request.body));
      return { success: true };
    });
    scope.delete('/api/apps/:appId/secrets', async (request) => {
      const { secret_name: name } = request.query as { secret_name?: unknown };
      if (typeof name !== 'string' || name === '')
        throw new BadRequestError('Name the secret to delete: ?secret_name=<NAME>', 'invalid_query');
      deployments.deleteSecret(name);
      return { success: true };
    });
  });
}
