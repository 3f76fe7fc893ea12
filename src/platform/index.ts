// The platform client's public surface: named re-exports only, no side effects, so a bundler keeps just what a
// caller uses (the site's startup needs the HTTP core and four small sub-clients, never socket.io-client).
export { type AgentsClient, createAgentsClient, mergeMessage } from './agents.ts';
export { type AppClient, createAppClient } from './app.ts';
export { type AppLogsClient, createAppLogsClient } from './app-logs.ts';
export { type AuthClient, type AuthClientOptions, createAuthClient } from './auth.ts';
export {
  AUTH_ERROR_TYPE,
  type AuthError,
  toPublicSettingsAuthError,
  toUserCheckAuthError,
} from './auth-errors.ts';
export { backoffDelay } from './backoff.ts';
export { toCallBody } from './call-body.ts';
export {
  CONNECTION_STATE,
  type ConnectionState,
  DEFAULT_TIMEOUT_MS,
  ERROR_CODES,
  HEADERS,
  ID_PATTERN,
  LAUNCH_PARAMS,
  REALTIME_MESSAGES,
  SOCKET_OPTIONS,
  SOCKET_PATH,
  TOKEN_STORAGE_KEYS,
} from './constants.ts';
export {
  createEntitiesClient,
  createEntityHandler,
  type EntitiesClient,
  type EntityHandler,
  type EntitySchemas,
  type UserEntityHandler,
} from './entities.ts';
export { deriveHttpError } from './error-derivation.ts';
export { isPlatformAbortError, PlatformAbortError } from './errors/abort-error.ts';
export { isPlatformHttpError, PlatformHttpError } from './errors/http-error.ts';
export { isPlatformNetworkError, PlatformNetworkError } from './errors/network-error.ts';
export { isPlatformParseError, PlatformParseError } from './errors/parse-error.ts';
export { isPlatformError, PlatformError, type PlatformErrorOptions } from './errors/platform-error.ts';
export { isRealtimeError, RealtimeError } from './errors/realtime-error.ts';
export { isPlatformTimeoutError, PlatformTimeoutError } from './errors/timeout-error.ts';
export { createFunctionsClient, type FunctionsClient } from './functions.ts';
export {
  type CallOptions,
  createHttpCore,
  type HttpCore,
  type HttpCoreOptions,
  type LocationLike,
  MAX_ORIGIN_URL_LENGTH,
  originUrlHeader,
  type PlatformResponse,
  type QueryParams,
  type QueryValue,
  type RequestOptions,
} from './http-core.ts';
export {
  type CoreIntegrationName,
  createIntegrationsClient,
  type IntegrationEndpoint,
  type IntegrationPackage,
  type IntegrationSchemas,
  type IntegrationsClient,
} from './integrations.ts';
export { isValidId, normalizeServerUrl } from './launch-params.ts';
export { type LaunchWindowLike, stripAccessToken, takeLaunchToken } from './launch-token/index.ts';
export { createPlatformClient, type PlatformClient, type PlatformClientOptions } from './platform-client.ts';
export {
  createRealtimeClient,
  type IoFactory,
  type RealtimeClient,
  type RealtimeOptions,
} from './realtime.ts';
export type { RealtimeSubscriber, RoomHandlers } from './realtime-subscriber.ts';
export { createServiceRoleClient, SERVICE_TOKEN_REQUIRED, type ServiceRoleClient } from './service-role.ts';
export { createSsoClient, type SsoClient } from './sso.ts';
export { createTokenStore, type StorageLike, type TokenStore } from './token-store.ts';
export type * from './types.ts';
