import type { FastifyInstance } from 'fastify';
import { registerPageAssets } from '../serving/page-shell.ts';
import { type LocalAgent, registerAgentRoutes } from './agents/index.ts';
import { registerAppLogRoutes } from './app-logs/index.ts';
import { registerAppSettingsRoutes } from './apps/index.ts';
import { registerAuthRoutes, registerLoginPage, registerPublicSettingsRoutes } from './auth/index.ts';
import { type ControlContext, registerControlRoutes } from './control/index.ts';
import {
  type DeployedFunctions,
  type Deployments,
  type DeployStore,
  registerDeployRoutes,
} from './deploy/index.ts';
import { registerOutboxRoutes } from './email/index.ts';
import type { EmulatorState } from './emulator-state.ts';
import { type DeclaredEntities, registerEntityRoutes } from './entities/index.ts';
import { registerFileRoutes } from './files/index.ts';
import {
  type FunctionRunner,
  registerFunctionControlRoutes,
  registerFunctionRoutes,
} from './functions/index.ts';
import {
  type IntegrationsContext,
  registerIntegrationControlRoutes,
  registerIntegrationRoutes,
} from './integrations/index.ts';
import { registerProviderForwarding } from './payment-provider/index.ts';
import { type RealtimeHub, registerRealtimeControlRoutes } from './realtime/index.ts';

/** Everything the features' routes use, created once per emulator by `createEmulator`. */
export interface EmulatorContext extends ControlContext, Omit<IntegrationsContext, 'state'> {
  state: EmulatorState;
  realtime: RealtimeHub;
  agent: LocalAgent;
  /** Entities declared in the project (`base44/entities/`): schema and RLS. */
  declared: DeclaredEntities;
  /** The project's backend functions, run in workerd (as deployed) or Deno. */
  functions: FunctionRunner;
  /** Origins (besides the harness's own) whose pages may call the functions: the site and the editor. */
  functionOrigins: readonly string[];
  /** What the platform's CLI deployed, and the functions it serves in front of the project's. */
  deployments: Deployments;
  deployedFunctions: DeployedFunctions;
  deployStore: DeployStore;
  /** The payment provider's stand-in, a server of its own; null: none. */
  paymentProviderUrl: string | null;
  /** The emulator's own address. */
  ownUrl(): string;
  quiet: boolean;
}

/** Registers every feature's routes and pages: the platform API, the pages, and the control API under `/__harness/`. */
export function registerFeatures(app: FastifyInstance, ctx: EmulatorContext): void {
  const { state } = ctx;
  registerPublicSettingsRoutes(app, state);
  registerEntityRoutes(app, ctx);
  registerAuthRoutes(app, state);
  registerIntegrationRoutes(app, ctx);
  registerFileRoutes(app, state.files);
  registerFunctionRoutes(app, ctx);
  registerFunctionControlRoutes(app, ctx.functions);
  registerDeployRoutes(app, {
    state,
    deployments: ctx.deployments,
    catalog: ctx.deployedFunctions,
    store: ctx.deployStore,
    functions: ctx.functions,
  });
  registerProviderForwarding(app, ctx.paymentProviderUrl);
  registerAgentRoutes(app, ctx);
  registerAppLogRoutes(app, state);
  registerControlRoutes(app, ctx);
  registerAppSettingsRoutes(app, state);
  registerRealtimeControlRoutes(app, ctx.realtime);
  registerOutboxRoutes(app, state.outbox);
  registerIntegrationControlRoutes(app, ctx);
  registerPageAssets(app);
  registerLoginPage(app, state);
}
