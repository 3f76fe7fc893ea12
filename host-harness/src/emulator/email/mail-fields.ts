/**
 * E-mail header fields (docs/security.md, "Servers of the harness and the backend functions"): what ends up in a
 * message's `To` and `Subject` and the sender's name. A line break there could add a header line or a recipient to the
 * message, so a value holding one is refused, never cleaned: CR, LF, and the Unicode line breaks NEL (U+0085), LINE
 * SEPARATOR (U+2028) and PARAGRAPH SEPARATOR (U+2029).
 */
import { BadRequestError } from '../core/errors.ts';

/** The characters that end a line in a header for one mail system or another. */
export const LINE_BREAK = /[\r\n\u0085\u2028\u2029]/;

// One character of an address: no space, control character, `@` or list and quoting punctuation (`,;:<>()[]"\`), so
// an address is exactly one mailbox, never a list or a display name.
const ADDRESS_CHAR = String.raw`[^\s@,;:<>()[\]"\\\u0000-\u001f\u007f-\u009f\u2028\u2029]`;
const SINGLE_ADDRESS = new RegExp(`^${ADDRESS_CHAR}{1,64}@${ADDRESS_CHAR}{1,190}\\.${ADDRESS_CHAR}{2,63}$`);

/** A 400 (`code`) naming the field when `value` holds a line break. */
export function refuseLineBreak(field: string, value: string, code = 'invalid_header_field'): void {
  if (LINE_BREAK.test(value))
    throw new BadRequestError(
      `${field} must not contain a line break (CR, LF, U+0085, U+2028 or U+2029)`,
      code,
    );
}

/** True when `value` is one e-mail address (local part, `@`, a domain with a dot), nothing around it. */
export function isSingleAddress(value: string): boolean {
  return value.length <= 254 && SINGLE_ADDRESS.test(value);
}
