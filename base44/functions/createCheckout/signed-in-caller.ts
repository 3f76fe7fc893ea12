/**
 * Who is buying, when the site's visitor is signed in: their e-mail is prefilled on the provider's page. Best effort:
 * an anonymous caller, a malformed token, a platform error or a slow platform all mean "no prefill", never a failed
 * checkout. The platform's client comes from handler.ts (`createClientFromRequest` of its SDK).
 */
import { hasHiddenCharacter } from '../../shared/hidden-characters.ts';

export interface Caller {
  id?: string;
  email?: string;
}

/** The platform's client for a request (its SDK's `createClientFromRequest`), as far as the lookup uses it. */
export type PlatformClientOf = (req: Request) => { auth: { me(): Promise<unknown> } };

/** The platform's `auth.me()` gets this long before checkout goes ahead without it. */
export const CALLER_LOOKUP_TIMEOUT_MS = 2_000;

export async function findSignedInCaller(
  req: Request,
  platformOf: PlatformClientOf,
  timeoutMs = CALLER_LOOKUP_TIMEOUT_MS,
): Promise<Caller | null> {
  if (!req.headers.has('authorization')) return null;
  try {
    const base44 = platformOf(req);
    const user = (await withTimeout(base44.auth.me(), timeoutMs)) as { id?: unknown; email?: unknown };
    const caller: Caller = {};
    if (typeof user.id === 'string' && user.id) caller.id = user.id;
    // An address holding a character nobody sees is not prefilled (the buyer could not see what it says): they type it.
    if (typeof user.email === 'string' && user.email.includes('@') && !hasHiddenCharacter(user.email))
      caller.email = user.email;
    return caller;
  } catch (error) {
    // Never the token: only the reason.
    console.warn(`createCheckout: signed-in user not read, no e-mail prefilled (${reasonOf(error)})`);
    return null;
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  // A late failure of the abandoned call must not surface as an unhandled rejection.
  promise.catch(() => {});
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function reasonOf(error: unknown): string {
  if (error && typeof error === 'object') {
    const { status, message } = error as { status?: unknown; message?: unknown };
    const text = typeof message === 'string' ? message : 'unknown error';
    return typeof status === 'number' ? `${status} ${text}` : text;
  }
  return String(error);
}
