import type { FastifyInstance } from 'fastify';
import type { AppStore } from '../apps/index.ts';
import type { CallerState } from '../auth/index.ts';
import type { FunctionRunner } from '../functions/index.ts';
import { registerAppRoutes } from './app-routes.ts';
import type { DeployStore } from './deploy-store.ts';
import type { DeployedFunctions } from './deployed-functions.ts';
import type { Deployments } from './deployments.ts';
import { registerEntitySecretRoutes } from './entity-secret-routes.ts';
import { registerFunctionDeployRoutes } from './function-deploy-routes.ts';
import { registerSiteDeployRoutes } from './site-deploy-routes.ts';

export interface DeployContext {
  state: CallerState & { apps: AppStore };
  deployments: Deployments;
  catalog: DeployedFunctions;
  store: DeployStore;
  functions: FunctionRunner;
}

/** Every route of the deploy API, each as the platform's CLI 0.1.18 calls it. */
export function registerDeployRoutes(app: FastifyInstance, ctx: DeployContext): void {
  registerAppRoutes(app, ctx);
  registerEntitySecretRoutes(app, ctx);
  registerFunctionDeployRoutes(app, ctx);
  registerSiteDeployRoutes(app, ctx);
}
