import { type AgentsClient, createAgentsClient } from './agents.ts';
import { type AppLogsClient, createAppLogsClient } from './app-logs.ts';
import { ERROR_CODES } from './constants.ts';
import { createEntitiesClient, type EntitiesClient, type EntitySchemas } from './entities.ts';
import { PlatformError } from './errors/platform-error.ts';
import { createFunctionsClient, type FunctionsClient } from './functions.ts';
import type { HttpCore } from './http-core.ts';
import {
  createIntegrationsClient,
  type IntegrationSchemas,
  type IntegrationsClient,
} from './integrations.ts';
import type { RealtimeSubscriber } from './realtime-subscriber.ts';
import { createSsoClient, type SsoClient } from './sso.ts';
import type { NoSchemas } from './types.ts';

/** The sub-clients available with elevated access. */
export interface ServiceRoleClient<
  S extends EntitySchemas = NoSchemas,
  P extends IntegrationSchemas = NoSchemas,
> {
  entities: EntitiesClient<S>;
  integrations: IntegrationsClient<P>;
  functions: FunctionsClient;
  agents: AgentsClient;
  appLogs: AppLogsClient;
  sso: SsoClient;
}

/** The contract's message for `asServiceRole` without a service token. */
export const SERVICE_TOKEN_REQUIRED =
  'Service token is required to use asServiceRole. Please provide a serviceToken when creating the client.';

/**
 * Creates the service-role sub-clients: they authenticate with `serviceToken` and send the user token, when known,
 * as `on-behalf-of`. Throws the contract's error without a service token.
 */
export function createServiceRoleClient<
  S extends EntitySchemas = NoSchemas,
  P extends IntegrationSchemas = NoSchemas,
>(
  core: HttpCore,
  serviceToken: string | null | undefined,
  realtime?: () => RealtimeSubscriber,
): ServiceRoleClient<S, P> {
  if (!serviceToken)
    throw new PlatformError(SERVICE_TOKEN_REQUIRED, { code: ERROR_CODES.serviceTokenRequired });
  const service = core.withServiceRole(serviceToken);
  return {
    entities: createEntitiesClient<S>(service, realtime),
    integrations: createIntegrationsClient<P>(service),
    functions: createFunctionsClient(service),
    agents: createAgentsClient(service, realtime),
    appLogs: createAppLogsClient(service),
    sso: createSsoClient(service),
  };
}
