import { BadRequestError } from '../core/errors.ts';

/**
 * An app's secrets as the platform's CLI sets them (`POST secrets` with `{ NAME: value, … }`, `DELETE
 * secrets?secret_name=NAME`): environment variables of its functions. A value reaches the functions' environment and
 * nothing else: the list answers each name with a mask, never its value.
 */

/** An environment variable's name. */
export const SECRET_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/;
/** Secrets set in one request, and the length of one value. */
export const MAX_SECRETS = 100;
export const MAX_SECRET_LENGTH = 32 * 1024;
/** What the list shows in place of every value. */
export const SECRET_MASK = '********';

/** The secrets of a `POST secrets` body, all checked first; a 400 naming the first bad one. */
export function readSecrets(body: unknown): Record<string, string> {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new BadRequestError('The body must be { <NAME>: <value>, … }', 'invalid_body');
  const entries = Object.entries(body);
  if (entries.length === 0) throw new BadRequestError('No secret was given', 'invalid_body');
  if (entries.length > MAX_SECRETS)
    throw new BadRequestError(`At most ${MAX_SECRETS} secrets can be set at once`, 'invalid_body');
  for (const [name, value] of entries) {
    if (!SECRET_NAME.test(name))
      throw new BadRequestError(
        `The secret name ${JSON.stringify(name.slice(0, 80))} is not an environment variable name (letters, digits and _, not starting with a digit)`,
        'invalid_secret',
      );
    if (typeof value !== 'string')
      throw new BadRequestError(`The secret ${name} must be a string`, 'invalid_secret');
    if (value.length > MAX_SECRET_LENGTH)
      throw new BadRequestError(
        `The secret ${name} is longer than ${MAX_SECRET_LENGTH} characters`,
        'invalid_secret',
      );
  }
  return Object.fromEntries(entries) as Record<string, string>;
}

/** The list's answer: every name, each value masked. */
export function maskedSecrets(names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, SECRET_MASK]));
}
