/**
 * Every number and fixed name of the platform contract, in one place.
 * A value from the spec appears here once; the rest of the client imports it.
 */

/** `localStorage` keys: the primary key and the compat key, both written on save and removed on logout. */
export const TOKEN_STORAGE_KEYS = ['base44_access_token', 'token'] as const;

/**
 * Launch query parameter names read at startup. `clear_access_token=true` (the platform's newer app templates) asks
 * the site to forget the stored token; like `access_token`, it is taken out of the address bar.
 */
export const LAUNCH_PARAMS = {
  accessToken: 'access_token',
  clearAccessToken: 'clear_access_token',
  appId: 'app_id',
  serverUrl: 'server_url',
  functionsVersion: 'functions_version',
  fromUrl: 'from_url',
} as const;

/** The longest launch parameter value used (`access_token`, `server_url`, `from_url`); a longer one is ignored. */
export const MAX_LAUNCH_PARAM_LENGTH = 2048;

/** Shape accepted for `app_id` and `functions_version` (docs/security.md, "Token and bridge"). */
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** Default request timeout in ms; 0 means none, as in the reference client. */
export const DEFAULT_TIMEOUT_MS = 0;

/** Header names the HTTP core owns. */
export const HEADERS = {
  appId: 'X-App-Id',
  originUrl: 'X-Origin-URL',
  functionsVersion: 'Base44-Functions-Version',
  onBehalfOf: 'on-behalf-of',
  connectorError: 'x-base44-connector-error',
} as const;

/** socket.io mount path of the platform's realtime server. */
export const SOCKET_PATH = '/ws-user-apps/socket.io/';

/** socket.io connection options of the contract (docs/security.md, "Realtime"). */
export const SOCKET_OPTIONS = {
  path: SOCKET_PATH,
  transports: ['websocket'],
  timeout: 20_000,
  reconnection: true,
  reconnectionAttempts: Number.POSITIVE_INFINITY,
  reconnectionDelay: 1_000,
  reconnectionDelayMax: 5_000,
  randomizationFactor: 0.5,
} as const;

/**
 * Highest exponent used when computing a backoff delay. socket.io's own backoff grows `2^attempts` until it becomes
 * `Infinity`, and `Infinity - Infinity` jitter yields `NaN | 0 === 0` ms (docs/security.md, "Realtime"); capping the
 * exponent keeps every delay between `reconnectionDelay * (1 - randomizationFactor)` and `reconnectionDelayMax`.
 */
export const MAX_BACKOFF_EXPONENT = 16;

/** Socket error messages passed to listeners. */
export const REALTIME_MESSAGES = {
  timeout: 'operation has timed out',
  disconnected: 'socket has been disconnected',
} as const;

/** Realtime connection states, as a table so the UI can switch on them. */
export const CONNECTION_STATE = {
  idle: 'idle',
  connecting: 'connecting',
  connected: 'connected',
  reconnecting: 'reconnecting',
  disconnected: 'disconnected',
} as const;

/** One of the values of {@link CONNECTION_STATE}. */
export type ConnectionState = (typeof CONNECTION_STATE)[keyof typeof CONNECTION_STATE];

/** Error codes of failures that have no server-supplied code. */
export const ERROR_CODES = {
  network: 'network_error',
  timeout: 'timeout',
  aborted: 'aborted',
  invalidJson: 'invalid_json',
  invalidArgument: 'invalid_argument',
  serviceTokenRequired: 'service_token_required',
  realtimeTimeout: 'realtime_timeout',
  realtimeDisconnected: 'realtime_disconnected',
  realtimeConnect: 'realtime_connect_error',
  realtimeMessage: 'invalid_message',
  realtimeServer: 'realtime_error',
  realtimeUnavailable: 'realtime_unavailable',
} as const;
