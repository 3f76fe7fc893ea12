import type { FastifyInstance } from 'fastify';
import type { AppStore } from '../apps/index.ts';
import type { CallerState } from '../auth/index.ts';
import { NotFoundError } from '../core/errors.ts';
import type { FunctionRunner } from '../functions/index.ts';
import { registerDeployScope } from './deploy-scope.ts';
import type { DeployStore } from './deploy-store.ts';
import type { DeployedFunctions } from './deployed-functions.ts';
import type { Deployments } from './deployments.ts';
import { listFunctions } from './function-list.ts';
import { logEntries, readLogQuery } from './function-logs.ts';
import { readFunctionUpload } from './function-upload.ts';

/** One function's upload: its files and `base44/shared/`'s, as JSON (this project's are about 60 KB). */
export const FUNCTION_UPLOAD_LIMIT = 5 * 1024 * 1024;

/**
 * Backend functions as the platform's CLI deploys and reads them: `PUT backend-functions/{name}` (`deployed`, or
 * `unchanged` for the same files again), `DELETE backend-functions/{name}`, `GET backend-functions` (`functions
 * list`) and `GET functions-mgmt/{name}/logs` (`logs`).
 */
export function registerFunctionDeployRoutes(
  app: FastifyInstance,
  ctx: {
    state: CallerState & { apps: AppStore };
    deployments: Deployments;
    catalog: DeployedFunctions;
    store: DeployStore;
    functions: FunctionRunner;
  },
): void {
  const { state, deployments, catalog, store, functions } = ctx;
  const notFound = (name: string) =>
    new NotFoundError(`The app has no function ${name.slice(0, 64)}`, 'function_not_found');

  registerDeployScope(app, state, (scope) => {
    scope.get('/api/apps/:appId/backend-functions', async () => ({
      functions: listFunctions(catalog, store, deployments.appId),
    }));

    scope.put(
      '/api/apps/:appId/backend-functions/:name',
      { bodyLimit: FUNCTION_UPLOAD_LIMIT },
      async (request) => {
        const { name } = request.params as { name: string };
        return { status: await deployments.deployFunction(readFunctionUpload(name, request.body)) };
      },
    );

    scope.delete('/api/apps/:appId/backend-functions/:name', async (request) => {
      const { name } = request.params as { name: string };
      if (!deployments.removeFunction(name)) throw notFound(name);
      return { success: true };
    });

    scope.get('/api/apps/:appId/functions-mgmt/:name/logs', async (request) => {
      const { name } = request.params as { name: string };
      const query = readLogQuery(request.query as Record<string, unknown>);
      const lines = functions.logsOf(name);
      if (lines.length === 0 && !catalog.list().includes(name)) throw notFound(name);
      return logEntries(lines, query);
    });
  });
}
