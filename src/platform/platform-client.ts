import { type AgentsClient, createAgentsClient } from './agents.ts';
import { type AppClient, createAppClient } from './app.ts';
import { type AppLogsClient, createAppLogsClient } from './app-logs.ts';
import { type AuthClient, createAuthClient } from './auth.ts';
import { createEntitiesClient, type EntitiesClient, type EntitySchemas } from './entities.ts';
import { createFunctionsClient, type FunctionsClient } from './functions.ts';
import { createHttpCore, type HttpCoreOptions } from './http-core.ts';
import {
  createIntegrationsClient,
  type IntegrationSchemas,
  type IntegrationsClient,
} from './integrations.ts';
import { createRealtimeClient, type IoFactory, type RealtimeClient } from './realtime.ts';
import { createServiceRoleClient, type ServiceRoleClient } from './service-role.ts';
import { createTokenStore, type StorageLike } from './token-store.ts';
import type { NoSchemas } from './types.ts';

/** Options of {@link createPlatformClient}. */
export interface PlatformClientOptions extends HttpCoreOptions {
  /** Enables `asServiceRole`. */
  serviceToken?: string | null;
  /** Base of the login/logout pages; `''` by default. */
  appBaseUrl?: string;
  /** Token persistence; `localStorage` by default, `null` for memory only. */
  storage?: StorageLike | null;
  /** `io()` for the realtime client (tests); socket.io-client is otherwise loaded on first realtime use. */
  io?: IoFactory;
  /** Where realtime errors are logged; `console` by default. */
  logger?: Pick<Console, 'error'>;
}

/**
 * The facade over every sub-client. `S` declares entity record types by name, `P` installable integration packages
 * and their endpoints; both are optional.
 */
export interface PlatformClient<
  S extends EntitySchemas = NoSchemas,
  P extends IntegrationSchemas = NoSchemas,
> {
  app: AppClient;
  auth: AuthClient;
  entities: EntitiesClient<S>;
  functions: FunctionsClient;
  integrations: IntegrationsClient<P>;
  agents: AgentsClient;
  appLogs: AppLogsClient;
  /** The realtime client, created on first access; the socket opens on the first subscription or `connect()`. */
  readonly realtime: RealtimeClient;
  /** Elevated sub-clients; throws without a `serviceToken`. */
  readonly asServiceRole: ServiceRoleClient<S, P>;
  /** Uses `token` for every later call and the next socket handshake, saving it unless `save` is false. */
  setToken(token: string, save?: boolean): void;
  /** Closes the realtime socket, if any. */
  cleanup(): void;
}

/**
 * Creates the platform client. The token is `options.token`, else the stored one.
 * @example const platform = createPlatformClient({ appId: 'local-app', serverUrl: 'https://api.example.com' });
 */
export function createPlatformClient<
  S extends EntitySchemas = NoSchemas,
  P extends IntegrationSchemas = NoSchemas,
>(options: PlatformClientOptions): PlatformClient<S, P> {
  const tokenStore = createTokenStore(options.storage);
  const core = createHttpCore({ ...options, token: options.token ?? tokenStore.get() });
  let realtime: RealtimeClient | undefined;
  let serviceRole: ServiceRoleClient<S, P> | undefined;
  const getRealtime = () => {
    realtime ??= createRealtimeClient({
      appId: core.appId,
      serverUrl: core.serverUrl,
      getToken: core.getToken,
      io: options.io,
      logger: options.logger,
    });
    return realtime;
  };
  const auth = createAuthClient(core, {
    tokenStore,
    appBaseUrl: options.appBaseUrl,
    location: options.location,
    onTokenChange: () => realtime?.refreshToken(),
  });
  return {
    app: createAppClient(core),
    auth,
    entities: createEntitiesClient<S>(core, getRealtime),
    functions: createFunctionsClient(core),
    integrations: createIntegrationsClient<P>(core),
    agents: createAgentsClient(core, getRealtime),
    appLogs: createAppLogsClient(core),
    get realtime() {
      return getRealtime();
    },
    get asServiceRole() {
      serviceRole ??= createServiceRoleClient<S, P>(core, options.serviceToken, getRealtime);
      return serviceRole;
    },
    setToken: auth.setToken,
    cleanup: () => realtime?.disconnect(),
  };
}
