import { DEFAULT_TIMEOUT_MS, HEADERS, ID_PATTERN } from './constants.ts';
import { deriveHttpError } from './error-derivation.ts';
import { PlatformAbortError } from './errors/abort-error.ts';
import { PlatformNetworkError } from './errors/network-error.ts';
import { PlatformParseError } from './errors/parse-error.ts';
import { PlatformError } from './errors/platform-error.ts';
import { PlatformTimeoutError } from './errors/timeout-error.ts';
import { stripAccessToken } from './launch-token/index.ts';

/** A query value; `undefined`/`null` are not sent, arrays are joined by `,`, objects JSON-encoded. */
export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[] | object;
/** Query parameters of a request. */
export type QueryParams = Record<string, QueryValue>;

/** The part of `location` the client reads (`href`) or drives (`reload`, assigning `href`). */
export interface LocationLike {
  href: string;
  reload?(): void;
}

/** The location a client option names: the given one (`null` for none), else `window.location` in a browser. */
export function resolveLocation(option: LocationLike | null | undefined): LocationLike | null {
  if (option !== undefined) return option;
  return typeof window === 'undefined' ? null : window.location;
}

/** Options of {@link createHttpCore}. */
export interface HttpCoreOptions {
  appId: string;
  /** Platform origin; `''` (the default) means same origin, relative `/api/...` URLs. */
  serverUrl?: string;
  /** Initial user token. */
  token?: string | null;
  /** Sent as `Base44-Functions-Version` on function calls only. */
  functionsVersion?: string | null;
  /** Extra headers for every request. */
  headers?: Record<string, string>;
  /** `fetch` to use; defaults to the global one, looked up at call time. */
  fetch?: typeof fetch;
  /** Default timeout in ms for every request; 0 (default) means none. */
  timeout?: number;
  /** Source of `X-Origin-URL`; defaults to `window.location` in a browser, none elsewhere. */
  location?: LocationLike | null;
}

/** Per-request options. */
export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: QueryParams;
  /** JSON-encoded unless it is a `FormData`. */
  body?: unknown;
  signal?: AbortSignal;
  /** Overrides the core's timeout for this request (ms, 0 = none). */
  timeout?: number;
  headers?: Record<string, string>;
  /** Marks a function call: adds `Base44-Functions-Version` when one is set. */
  isFunctionCall?: boolean;
}

/**
 * What a caller may add to one call: a signal that cancels it (rejects with `PlatformAbortError`), and a timeout in
 * ms after which it is cancelled and rejects with `PlatformTimeoutError`.
 */
export type CallOptions = Pick<RequestOptions, 'signal' | 'timeout'>;

/** What a request resolves to. */
export interface PlatformResponse<T> {
  data: T;
  status: number;
  headers: Headers;
}

/** The one fetch wrapper: owns the URL base, the headers, timeouts and error mapping. */
export interface HttpCore {
  readonly appId: string;
  /** The validated server origin (`''` for same origin). */
  readonly serverUrl: string;
  /** True for a core created by {@link HttpCore.withServiceRole}. */
  readonly isServiceRole: boolean;
  /** The current user token, or null. */
  getToken(): string | null;
  /** Replaces the user token for this core and every core derived from it. */
  setToken(token: string | null): void;
  /** Absolute (or same-origin) URL of an `/api` path with its query. */
  url(path: string, query?: QueryParams): string;
  /** Sends a request; resolves the parsed body or rejects with a {@link PlatformError}. */
  request<T = unknown>(path: string, options?: RequestOptions): Promise<PlatformResponse<T>>;
  /** A core sharing this one's token that authenticates with `serviceToken` (user token sent `on-behalf-of`). */
  withServiceRole(serviceToken: string): HttpCore;
}

/** Validates the server URL once: `''` or an `http(s)` origin (a trailing slash or path is not allowed). */
function validateServerUrl(serverUrl: string): string {
  if (serverUrl === '') return '';
  let url: URL;
  try {
    url = new URL(serverUrl);
  } catch {
    throw new PlatformError(`Invalid serverUrl: ${serverUrl}`, { code: 'invalid_server_url' });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new PlatformError(`Invalid serverUrl: ${serverUrl}`, { code: 'invalid_server_url' });
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

function encodeQuery(query: QueryParams | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    params.append(
      key,
      Array.isArray(value)
        ? value.join(',')
        : typeof value === 'object'
          ? JSON.stringify(value)
          : String(value),
    );
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

function parseBody(response: Response, text: string): unknown {
  if (text === '') return null;
  const type = response.headers.get('content-type') ?? '';
  if (!type || /[/+]json\b/i.test(type)) {
    try {
      return JSON.parse(text);
    } catch (error) {
      // A 200 with malformed JSON is a handled error (docs/security.md, "HTTP faults and nothing lost"); on a failed
      // answer the text is the data.
      if (response.ok && type) throw new PlatformParseError(response.status, text, error);
    }
  }
  return text;
}

/**
 * The longest `X-Origin-URL` sent. Servers refuse oversized request headers (Node: 16 KB for all of them), so a page
 * reached by a very long link would otherwise fail every call.
 */
export const MAX_ORIGIN_URL_LENGTH = 2048;

/** `X-Origin-URL` for a page: its address without the access token; past the cap, without the query, or its origin. */
export function originUrlHeader(href: string): string | null {
  const clean = stripAccessToken(href);
  if (clean.length <= MAX_ORIGIN_URL_LENGTH) return clean;
  try {
    const url = new URL(clean);
    const short = `${url.origin}${url.pathname}`;
    return short.length <= MAX_ORIGIN_URL_LENGTH ? short : url.origin;
  } catch {
    return null;
  }
}

/** Aborts `controller` (with the same reason) when the caller's `signal` aborts; returns what stops listening. */
function followAbort(signal: AbortSignal | undefined, controller: AbortController): () => void {
  if (!signal) return () => {};
  const onAbort = () => controller.abort(signal.reason);
  signal.addEventListener('abort', onAbort);
  return () => signal.removeEventListener('abort', onAbort);
}

/**
 * Creates the HTTP core every sub-client is built on. It is the only place that calls `fetch`.
 * @example const core = createHttpCore({ appId: 'local-app', serverUrl: 'https://api.example.com', token });
 */
export function createHttpCore(options: HttpCoreOptions): HttpCore {
  // The app id is part of every path: refuse `../` and friends once, here (docs/security.md, "Token and bridge").
  if (!ID_PATTERN.test(options.appId)) {
    throw new PlatformError(`Invalid appId: ${JSON.stringify(options.appId)}`, { code: 'invalid_app_id' });
  }
  const tokenRef = { current: options.token ?? null };
  return buildCore(options, validateServerUrl(options.serverUrl ?? ''), tokenRef, null);
}

function buildCore(
  options: HttpCoreOptions,
  serverUrl: string,
  tokenRef: { current: string | null },
  serviceToken: string | null,
): HttpCore {
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => fetch(input, init));
  const location = resolveLocation(options.location);

  const url = (path: string, query?: QueryParams) => `${serverUrl}/api${path}${encodeQuery(query)}`;

  function headersFor(request: RequestOptions, isForm: boolean): Record<string, string> {
    const headers: Record<string, string> = { Accept: 'application/json', [HEADERS.appId]: options.appId };
    if (request.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
    const userToken = tokenRef.current;
    if (serviceToken) {
      headers.Authorization = `Bearer ${serviceToken}`;
      if (userToken) headers[HEADERS.onBehalfOf] = `Bearer ${userToken}`;
    } else if (userToken) {
      headers.Authorization = `Bearer ${userToken}`;
    }
    const originUrl = location?.href ? originUrlHeader(location.href) : null;
    if (originUrl) headers[HEADERS.originUrl] = originUrl;
    if (request.isFunctionCall && options.functionsVersion) {
      headers[HEADERS.functionsVersion] = options.functionsVersion;
    }
    return { ...headers, ...options.headers, ...request.headers };
  }

  async function request<T>(path: string, request: RequestOptions = {}): Promise<PlatformResponse<T>> {
    const { signal } = request;
    if (signal?.aborted) throw new PlatformAbortError(signal.reason);
    // FormData is a global in every runtime the client supports (browsers, Node >= 20, Deno).
    const isForm = request.body instanceof FormData;
    const timeout = request.timeout ?? options.timeout ?? DEFAULT_TIMEOUT_MS;
    const controller = new AbortController();
    const unfollow = followAbort(signal, controller);
    let timedOut = false;
    const timer =
      timeout > 0
        ? setTimeout(() => {
            timedOut = true;
            controller.abort();
          }, timeout)
        : undefined;
    let response: Response;
    let text: string;
    try {
      response = await doFetch(url(path, request.query), {
        method: request.method ?? 'GET',
        headers: headersFor(request, isForm),
        // Without a body, `JSON.stringify(undefined)` is `undefined`: nothing is sent.
        body: isForm ? (request.body as FormData) : JSON.stringify(request.body),
        signal: controller.signal,
      });
      text = await response.text();
    } catch (error) {
      if (timedOut) throw new PlatformTimeoutError(timeout);
      if (signal?.aborted) throw new PlatformAbortError(signal.reason);
      throw new PlatformNetworkError(error);
    } finally {
      clearTimeout(timer);
      unfollow();
    }
    const data = parseBody(response, text);
    if (!response.ok) throw deriveHttpError(response.status, data, response.headers);
    return { data: data as T, status: response.status, headers: response.headers };
  }

  return {
    appId: options.appId,
    serverUrl,
    isServiceRole: serviceToken !== null,
    getToken: () => tokenRef.current,
    setToken: (token) => {
      tokenRef.current = token || null;
    },
    url,
    request,
    withServiceRole: (token) => buildCore(options, serverUrl, tokenRef, token),
  };
}
