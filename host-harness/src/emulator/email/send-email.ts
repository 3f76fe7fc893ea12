import { BadRequestError } from '../core/errors.ts';
import { requiredText } from '../core/http/named-params.ts';
import { isSingleAddress, refuseLineBreak } from './mail-fields.ts';
import type { Outbox } from './outbox.ts';

const MAX_ADDRESS = 254;
const MAX_SUBJECT = 500;
const MAX_FROM_NAME = 200;
const MAX_BODY = 200_000;

/** An optional header field: absent, or a string of at most `max` characters without a line break. */
function optionalHeaderField(
  values: Record<string, unknown>,
  field: string,
  max: number,
): string | undefined {
  const value = values[field];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.length > max)
    throw new BadRequestError(`${field} must be a string of at most ${max} characters`, 'invalid_body');
  refuseLineBreak(field, value);
  return value;
}

/**
 * `Core.SendEmail {to, subject?, body, from_name?}` for a caller already known to be a member or the service role:
 * `to` is exactly one address, and no header field (`to`, `subject`, `from_name`) holds a line break: refused, never
 * cleaned (docs/security.md, "Servers of the harness and the backend functions"). The message goes to the outbox.
 */
export function sendEmail(outbox: Outbox, values: Record<string, unknown>): { success: true; id: string } {
  const to = requiredText(values, 'to', MAX_ADDRESS);
  refuseLineBreak('to', to);
  if (!isSingleAddress(to))
    throw new BadRequestError(
      'to must be one e-mail address (not a list, nor a name with an address)',
      'invalid_email',
    );
  const subject = optionalHeaderField(values, 'subject', MAX_SUBJECT) ?? '';
  const fromName = optionalHeaderField(values, 'from_name', MAX_FROM_NAME);
  const body = requiredText(values, 'body', MAX_BODY);
  const message = outbox.add({
    kind: 'email',
    to,
    subject,
    body,
    ...(fromName !== undefined ? { from_name: fromName } : {}),
  });
  return { success: true, id: message.id };
}
