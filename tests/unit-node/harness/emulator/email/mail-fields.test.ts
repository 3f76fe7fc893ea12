/**
 * E-mail header fields: a value holding a line break (CR, LF, NEL, LINE or PARAGRAPH SEPARATOR) is refused with a
 * 400 naming the field, never cleaned; an address is exactly one mailbox (local part, `@`, a dotted domain).
 */
import { describe, expect, it } from 'vitest';
import { BadRequestError } from '../../../../../host-harness/src/emulator/core/errors.ts';
import {
  isSingleAddress,
  refuseLineBreak,
} from '../../../../../host-harness/src/emulator/email/mail-fields.ts';

function refusal(run: () => void): { status: number; code: string | undefined; message: string } | null {
  try {
    run();
    return null;
  } catch (error) {
    if (!(error instanceof BadRequestError)) throw error;
    return { status: error.status, code: error.code, message: error.message };
  }
}

const MESSAGE = 'subject must not contain a line break (CR, LF, U+0085, U+2028 or U+2029)';

describe('refuseLineBreak', () => {
  it('refuses each line break, wherever it is, with a 400 naming the field', () => {
    for (const value of ['a\rb', 'a\nb', 'a\u0085b', 'a\u2028b', 'a\u2029b', '\nstart', 'end\r\n']) {
      expect(
        refusal(() => refuseLineBreak('subject', value)),
        JSON.stringify(value),
      ).toStrictEqual({
        status: 400,
        code: 'invalid_header_field',
        message: MESSAGE,
      });
    }
  });

  it('uses the code it is given', () => {
    expect(refusal(() => refuseLineBreak('to', 'a\nb', 'invalid_recipient'))).toStrictEqual({
      status: 400,
      code: 'invalid_recipient',
      message: 'to must not contain a line break (CR, LF, U+0085, U+2028 or U+2029)',
    });
  });

  it('accepts text without line breaks, tabs and other controls included', () => {
    for (const value of ['', 'Order 1: £5', 'a\tb', 'a\u000bb', 'a\u0084b', 'a\u2027b', 'Ünïcödé'])
      expect(
        refusal(() => refuseLineBreak('subject', value)),
        JSON.stringify(value),
      ).toBeNull();
  });
});

describe('isSingleAddress', () => {
  it('accepts one mailbox, up to the length limits', () => {
    for (const value of [
      'jane@example.co.uk',
      'j@x.io',
      'jane.doe+orders@mail.example.com',
      `${'l'.repeat(64)}@example.com`,
      `jane@${'d'.repeat(190)}.uk`,
      `jane@example.${'t'.repeat(63)}`,
      `${'l'.repeat(64)}@${'d'.repeat(125)}.${'t'.repeat(63)}`,
    ]) {
      expect(isSingleAddress(value), value).toBe(true);
    }
    expect(`${'l'.repeat(64)}@${'d'.repeat(125)}.${'t'.repeat(63)}`).toHaveLength(254);
  });

  it('refuses anything longer than 254 characters, or past a part’s limit', () => {
    for (const value of [
      `${'l'.repeat(64)}@${'d'.repeat(126)}.${'t'.repeat(63)}`,
      `${'l'.repeat(65)}@example.com`,
      `jane@${'d'.repeat(191)}.uk`,
      `jane@example.${'t'.repeat(64)}`,
    ]) {
      expect(isSingleAddress(value), `${value.length} characters`).toBe(false);
    }
    expect(`${'l'.repeat(64)}@${'d'.repeat(126)}.${'t'.repeat(63)}`).toHaveLength(255);
  });

  it('refuses lists, display names, missing parts and characters an address cannot hold', () => {
    for (const value of [
      '',
      'jane',
      'jane@example',
      '@example.com',
      'jane@.com',
      'jane@example.c',
      'jane@@example.com',
      'a@b.com,c@d.com',
      'a@b.com;c@d.com',
      'Jane <jane@example.com>',
      '"jane"@example.com',
      'jane(x)@example.com',
      'ja:ne@example.com',
      'jane@[127.0.0.1].com',
      'ja\\ne@example.com',
      'jane @example.com',
      'jane@example.com ',
      ' jane@example.com',
      'jane@example.com\nBcc: all@example.com',
      'jane\u0000@example.com',
      'jane\u007f@example.com',
      'jane\u0085@example.com',
      'jane\u009f@example.com',
      'jane\u2028@example.com',
      'jane\u2029@example.com',
      'jane\u00a0@example.com',
    ]) {
      expect(isSingleAddress(value), JSON.stringify(value)).toBe(false);
    }
  });
});
