import { HEADERS } from './constants.ts';
import { PlatformHttpError } from './errors/http-error.ts';

type Body = {
  error?: { message?: unknown; code?: unknown } | string;
  message?: unknown;
  detail?: unknown;
  code?: unknown;
};

/** A field as text: JSON when it is not a string; undefined when absent or null. Empty text stays empty (falsy). */
const asText = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : value === null ? undefined : JSON.stringify(value);

/**
 * Turns a failed answer into a {@link PlatformHttpError} exactly as the contract derives it:
 * message = `error.message` || `message` || `detail` || the client's own message;
 * We differ: a backend function's conventional `{ error: '<text>' }` gives its text, before the client's own message.
 * code = `error.code` ?? `code` ?? header `x-base44-connector-error`; `data` = the parsed body (text when not JSON).
 */
export function deriveHttpError(status: number, data: unknown, headers: Headers): PlatformHttpError {
  // A text or number body has none of these fields (reading them gives undefined); null and undefined have no fields.
  const body = (data ?? {}) as Body;
  const nested = typeof body.error === 'object' && body.error !== null ? body.error : {};
  const message =
    asText(nested.message) ||
    asText(body.message) ||
    asText(body.detail) ||
    (typeof body.error === 'string' ? asText(body.error) : undefined) ||
    `Request failed with status code ${status}`;
  const code = nested.code ?? body.code ?? headers.get(HEADERS.connectorError) ?? undefined;
  return new PlatformHttpError(message, {
    status,
    code: code === undefined ? undefined : String(code),
    data,
  });
}
