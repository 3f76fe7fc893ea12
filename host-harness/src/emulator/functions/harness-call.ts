/**
 * Only the harness may call a function (docs/security.md, "Servers of the harness and the backend functions"). A
 * function trusts the platform's headers (`Base44-Api-Url`, the service token), so a request that reached its runtime
 * any other way (its loopback port found by a local program, or by a page through DNS rebinding) must be refused before
 * the function's own code runs. The runner adds a key that only it and this one runtime know (random per start) and the
 * list of the headers it forwards; the runtime's entry (the Deno preload, the workerd entry) checks the key and the
 * `Host`, and hands the function a request carrying the forwarded headers only.
 *
 * Runs inside Deno and workerd as well as in Node: no imports but the pure loopback check.
 */
import { loopbackHostPort } from '../../serving/loopback-host.ts';

/** The per-start key, in hex. */
export const CALL_KEY_HEADER = 'x-harness-call-key';
/** How the Deno runner hands its shim the key (which removes it before the function's code runs). */
export const CALL_KEY_VARIABLE = 'HARNESS_CALL_KEY';
/** The names of the headers the harness forwards (forwarded-headers.ts), comma-separated. */
export const FORWARDED_LIST_HEADER = 'x-harness-forwarded';
/** Headers of the connection itself, which any HTTP server shows its handler. */
const TRANSPORT_HEADERS = ['host', 'content-length', 'connection'];
/** Bytes of randomness in a key. */
const KEY_BYTES = 32;

/** A new key for one start of one function. */
export function newCallKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(KEY_BYTES));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Equal strings, compared in a time that does not depend on where they differ: every character of `key` is compared
 * (no loop bound to get wrong), and a `given` of another length is refused first (a longer one would otherwise pass
 * on its first `key.length` characters).
 */
function sameKey(given: string, key: string): boolean {
  if (given.length !== key.length) return false;
  let difference = 0;
  for (const [i, char] of Array.from(key).entries()) difference |= char.charCodeAt(0) ^ given.charCodeAt(i);
  return difference === 0;
}

/** Why a request is refused, or null when it came from the harness: its key, to a loopback name. */
export function callRefusal(headers: Headers, key: string): string | null {
  const given = headers.get(CALL_KEY_HEADER);
  if (given === null) return 'it carries no harness key';
  if (!sameKey(given, key)) return 'its harness key is wrong';
  if (loopbackHostPort(headers.get('host')) === null) return 'its Host is not a loopback name';
  return null;
}

/** The answer to a refused request: nothing of the function, nothing about it. */
export function refusedCall(): Response {
  return Response.json(
    {
      message: "A function is called only through the emulator's /api/apps/{appId}/functions/{name} route",
      code: 'forbidden',
    },
    { status: 403 },
  );
}

/** The request the function sees: the forwarded headers and the connection's own, without the harness's. */
export function functionRequest(request: Request): Request {
  // Header names are case-insensitive to Headers: the list is used as given.
  const listed = (request.headers.get(FORWARDED_LIST_HEADER) ?? '').split(',');
  const headers = new Headers();
  for (const name of [...listed, ...TRANSPORT_HEADERS]) {
    const value = name ? request.headers.get(name) : null;
    if (value !== null) headers.set(name, value);
  }
  return new Request(request, { headers });
}
