/**
 * The double's errors in the provider's shape (`{ error: { type, message, param?, code? } }`), and the readers of form
 * values that raise them: text, integers, timestamps and metadata, each refusal naming the parameter at fault (a value
 * of the wrong shape is the provider's description's to refuse, before these read it).
 */
import { describe, expect, it } from 'vitest';
import {
  integer,
  isObj,
  metadataOf,
  text,
  timestamp,
} from '../../../../host-harness/payments/api/checkout-rules.ts';
import {
  invalidRequest,
  isProviderError,
  ProviderError,
} from '../../../../host-harness/payments/api/provider-error.ts';
import { describedParams } from '../../../../host-harness/payments/api/request-schema.ts';
import { refusalOf } from '../support/provider-refusal.ts';

describe('ProviderError', () => {
  it("carries the status and answers the provider's error body, with param and code only when given", () => {
    const bare = new ProviderError(500, 'api_error', 'it broke');
    expect(bare).toBeInstanceOf(Error);
    expect(bare.name).toBe('ProviderError');
    expect([bare.status, bare.type, bare.message, bare.param, bare.code]).toStrictEqual([
      500,
      'api_error',
      'it broke',
      undefined,
      undefined,
    ]);
    expect(bare.toBody()).toStrictEqual({ error: { type: 'api_error', message: 'it broke' } });
    expect(
      new ProviderError(401, 'invalid_request_error', 'no', undefined, 'api_key_invalid').toBody(),
    ).toStrictEqual({
      error: { type: 'invalid_request_error', message: 'no', code: 'api_key_invalid' },
    });
    expect(new ProviderError(400, 'invalid_request_error', 'no', 'mode').toBody()).toStrictEqual({
      error: { type: 'invalid_request_error', message: 'no', param: 'mode' },
    });
  });

  it('invalidRequest is a 400 invalid_request_error naming the param and code', () => {
    const error = invalidRequest('Missing mode', 'mode', 'parameter_missing');
    expect(error.status).toBe(400);
    expect(error.toBody()).toStrictEqual({
      error: {
        type: 'invalid_request_error',
        message: 'Missing mode',
        param: 'mode',
        code: 'parameter_missing',
      },
    });
    expect(invalidRequest('Bad').toBody()).toStrictEqual({
      error: { type: 'invalid_request_error', message: 'Bad' },
    });
  });

  it("recognises its errors, also another module copy's (by name), and nothing else", () => {
    expect(isProviderError(invalidRequest('x'))).toBe(true);
    expect(isProviderError(Object.assign(new Error('x'), { name: 'ProviderError' }))).toBe(true);
    expect(isProviderError(new Error('x'))).toBe(false);
    expect(isProviderError(null)).toBe(false);
    expect(isProviderError(undefined)).toBe(false);
  });
});

describe('form values', () => {
  it('isObj: named values only', () => {
    expect(isObj({ a: 'b' })).toBe(true);
    expect(isObj(['a'])).toBe(false);
    expect(isObj('a')).toBe(false);
    expect(isObj(undefined)).toBe(false);
  });

  it('text: the value; missing or empty is null, or a parameter_missing 400 when required', () => {
    expect(text('gbp', 'currency', true)).toBe('gbp');
    expect(text(undefined, 'currency', false)).toBeNull();
    expect(text('', 'currency', false)).toBeNull();
    for (const missing of [undefined, '']) {
      expect(refusalOf(() => text(missing, 'line_items[0][price]', true))).toStrictEqual({
        status: 400,
        type: 'invalid_request_error',
        message: 'Missing required param: line_items[0][price].',
        param: 'line_items[0][price]',
        code: 'parameter_missing',
      });
    }
    for (const body of ['mode[0]=a', 'mode[a]=b']) {
      expect(
        refusalOf(() => describedParams('POST /v1/checkout/sessions', body, '2026-10-28.endive')),
      ).toStrictEqual({
        status: 400,
        type: 'invalid_request_error',
        message: 'Invalid string',
        param: 'mode',
      });
    }
  });

  it('integer: digits only, within its bounds', () => {
    expect(integer('1', 'q', 1, 10)).toBe(1);
    expect(integer('10', 'q', 1, 10)).toBe(10);
    expect(integer('007', 'q', 1, 10)).toBe(7);
    expect(integer('123456789', 'q', 1, 999_999_999)).toBe(123_456_789);
    const refused = (raw: string, max = 10) => refusalOf(() => integer(raw, 'quantity', 1, max));
    expect(refused('0')).toStrictEqual({
      status: 400,
      type: 'invalid_request_error',
      message: 'Invalid integer: 0 (quantity must be 1 to 10)',
      param: 'quantity',
    });
    for (const raw of ['11', '-1', '1.5', ' 2', '2 ', 'x2', '2x', 'two']) {
      expect(refused(raw).message, raw).toBe(`Invalid integer: ${raw} (quantity must be 1 to 10)`);
    }
    expect(refused('1234567890', 9_999_999_999).message).toBe(
      'Invalid integer: 1234567890 (quantity must be 1 to 9999999999)',
    );
    expect(refused('9'.repeat(50)).message).toBe(
      `Invalid integer: ${'9'.repeat(40)} (quantity must be 1 to 10)`,
    );
    expect(refused('').code).toBe('parameter_missing');
  });

  it('timestamp: Unix seconds of up to eleven digits', () => {
    expect(timestamp('1700000000', 'trial_end')).toBe(1_700_000_000);
    expect(timestamp('99999999999', 'trial_end')).toBe(99_999_999_999);
    expect(timestamp('0', 'trial_end')).toBe(0);
    for (const raw of ['100000000000', '-1', '1.5', 'x1', '1x', '2026-01-01']) {
      expect(
        refusalOf(() => timestamp(raw, 'trial_end')),
        raw,
      ).toStrictEqual({
        status: 400,
        type: 'invalid_request_error',
        message: `Invalid timestamp: ${raw} (trial_end must be Unix seconds)`,
        param: 'trial_end',
      });
    }
    expect(refusalOf(() => timestamp('1'.repeat(60), 'at')).message).toBe(
      `Invalid timestamp: ${'1'.repeat(40)} (at must be Unix seconds)`,
    );
    expect(refusalOf(() => timestamp(undefined, 'at')).code).toBe('parameter_missing');
  });

  it('metadataOf: up to 50 keys of up to 40 characters, text values up to 500; empty values drop their key', () => {
    expect(metadataOf(undefined, 'metadata')).toStrictEqual({});
    expect(metadataOf('', 'metadata')).toStrictEqual({});
    const fifty = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, 'v']));
    expect(metadataOf(fifty, 'metadata')).toStrictEqual(fifty);
    expect(
      metadataOf({ package: 'gold', gone: '', ['k'.repeat(40)]: 'v'.repeat(500) }, 'metadata'),
    ).toStrictEqual({
      package: 'gold',
      ['k'.repeat(40)]: 'v'.repeat(500),
    });
  });

  it('metadataOf: refuses what is not named values, too many keys, long keys and long or nested values', () => {
    const refusal = (value: Parameters<typeof metadataOf>[0]) =>
      refusalOf(() => metadataOf(value, 'metadata'));
    const described = (body: string) =>
      refusalOf(() => describedParams('POST /v1/checkout/sessions', body, '2026-10-28.endive'));
    expect(described('metadata=gold')).toStrictEqual({
      status: 400,
      type: 'invalid_request_error',
      message: 'Invalid object',
      param: 'metadata',
    });
    expect(described('metadata[0]=gold').message).toBe('Invalid object');
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 'v']));
    expect(refusal(many)).toMatchObject({ message: 'Metadata may hold at most 50 keys', param: 'metadata' });
    const longKey = 'k'.repeat(41);
    expect(refusal({ [longKey]: 'v' })).toMatchObject({
      message: 'Metadata keys may be at most 40 characters',
      param: `metadata[${longKey}]`,
    });
    expect(refusal({ note: 'v'.repeat(501) })).toMatchObject({
      message: 'Metadata values must be text of at most 500 characters',
      param: 'metadata[note]',
    });
    expect(refusal({ note: { deep: 'v' } })).toMatchObject({
      message: 'Metadata values must be text of at most 500 characters',
      param: 'metadata[note]',
    });
  });
});
