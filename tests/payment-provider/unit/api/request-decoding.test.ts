/**
 * Form bodies and queries in the provider's bracket notation (`line_items[0][price_data][currency]=gbp`, `expand[]=x`),
 * decoded by `qs` into nested objects and arrays; names, depths, repeats, gaps and sizes the provider would not take
 * are its 400s, from the decoder or from the provider's description of the endpoint.
 */
import { describe, expect, it } from 'vitest';
import { decodeForm, describedParams } from '../../../../host-harness/payments/api/request-schema.ts';
import { refusalOf } from '../support/provider-refusal.ts';

const refusal = (body: string) => refusalOf(() => decodeForm(body));
/** The decoded form as plain JSON (the decoder's objects have no prototype, so that no name can reach one). */
const plain = (body: string) => JSON.parse(JSON.stringify(decodeForm(body)));
/** What `POST /v1/checkout/sessions` answers the body (the decoder, then the description). */
const sessionRefusal = (body: string) =>
  refusalOf(() => describedParams('POST /v1/checkout/sessions', body, '2026-10-28.endive'));
const unknown = (param: string) => ({
  status: 400,
  type: 'invalid_request_error',
  message: `Received unknown parameter: ${param}`,
  param,
  code: 'parameter_unknown',
});

describe('decodeForm', () => {
  it('decodes plain names, nested names and indexed arrays', () => {
    expect(plain('')).toStrictEqual({});
    expect(plain('mode=subscription&success_url=https%3A%2F%2Fa.test%2F%3Fx%3D1')).toStrictEqual({
      mode: 'subscription',
      success_url: 'https://a.test/?x=1',
    });
    expect(
      JSON.parse(
        JSON.stringify(
          decodeForm(
            'line_items[0][price_data][currency]=gbp&line_items[0][quantity]=1&line_items[1][price]=price_1&metadata[package]=gold',
          ),
        ),
      ),
    ).toStrictEqual({
      line_items: [{ price_data: { currency: 'gbp' }, quantity: '1' }, { price: 'price_1' }],
      metadata: { package: 'gold' },
    });
  });

  it('appends with `[]`, and orders indexes given out of order', () => {
    expect(decodeForm('expand[]=line_items&expand[]=subscription').expand).toStrictEqual([
      'line_items',
      'subscription',
    ]);
    expect(decodeForm('a[1]=second&a[0]=first&a[2]=third').a).toStrictEqual(['first', 'second', 'third']);
    expect(
      decodeForm('a[10]=k&a[0]=a&a[1]=b&a[2]=c&a[3]=d&a[4]=e&a[5]=f&a[6]=g&a[7]=h&a[8]=i&a[9]=j').a,
    ).toStrictEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k']);
  });

  it('refuses an index past a thousand, and reads names mixing digits as names', () => {
    expect(refusal('a[10000]=x')).toStrictEqual({
      status: 400,
      type: 'invalid_request_error',
      message: 'Invalid array: at most 1000 entries',
      param: 'a[10000]',
    });
    expect(plain('a[0]=x&a[b]=y').a).toStrictEqual({ '0': 'x', b: 'y' });
    expect(plain('a[0x]=x').a).toStrictEqual({ '0x': 'x' });
  });

  it('refuses an array with a gap, naming it', () => {
    expect(refusal('line_items[0][price]=p&line_items[2][price]=q')).toStrictEqual({
      status: 400,
      type: 'invalid_request_error',
      message: 'Invalid array: indexes must start at 0 and have no gaps',
      param: 'line_items',
    });
    expect(refusal('a[b][1]=x').param).toBe('a[b]');
    // `00` is a name, not an index: the list is then an object, which the description refuses.
    expect(sessionRefusal('line_items[0][price]=p&line_items[00][price]=q')).toStrictEqual({
      status: 400,
      type: 'invalid_request_error',
      message: 'Invalid array',
      param: 'line_items',
    });
  });

  it('names a nested gap by its whole path', () => {
    expect(refusal(new URLSearchParams({ 'a[b][c][0]': 'x', 'a[b][c][2]': 'y' }).toString())).toStrictEqual({
      status: 400,
      type: 'invalid_request_error',
      message: 'Invalid array: indexes must start at 0 and have no gaps',
      param: 'a[b][c]',
    });
  });

  it('takes no index as a name at the top level', () => {
    expect(sessionRefusal('0=a')).toStrictEqual(unknown('0'));
    expect(sessionRefusal('0=a&2=b')).toStrictEqual(unknown('0'));
  });

  it('refuses names outside the bracket notation', () => {
    for (const name of ['[a]', 'a[b', 'a]b', 'a[b]c', 'a[[b]]', 'a[b]]', '', 'a[b[c]]']) {
      expect(refusal(`${encodeURIComponent(name)}=x`), name).toStrictEqual({
        status: 400,
        type: 'invalid_request_error',
        message: `Invalid parameter name: ${name}`,
        param: name,
      });
    }
    const long = `${'n'.repeat(150)}]`;
    expect(refusal(`${long}=x`)).toMatchObject({
      message: `Invalid parameter name: ${long.slice(0, 100)}`,
      param: long.slice(0, 100),
    });
  });

  it('refuses names that would reach the object prototype, anywhere', () => {
    for (const name of ['__proto__', 'a[__proto__]', 'metadata[__proto__][b]'])
      expect(refusal(`${name}=x`), name).toStrictEqual(unknown(name));
    // Any other name is a plain name: one the description does not list is unknown.
    for (const name of ['prototype', 'constructor'])
      expect(sessionRefusal(`${name}=x`), name).toStrictEqual(unknown(name));
    expect(sessionRefusal('a[constructor][b]=x')).toStrictEqual(unknown('a'));
    const long = `${'a'.repeat(120)}[__proto__]`;
    expect(refusal(`${long}=x`)).toMatchObject({
      message: `Received unknown parameter: ${long.slice(0, 100)}`,
    });
  });

  it('takes eight levels of nesting, not nine', () => {
    const eight = `a${'[b]'.repeat(8)}`;
    expect(JSON.stringify(decodeForm(`${eight}=x`))).toBe(`{"a":${'{"b":'.repeat(8)}"x"${'}'.repeat(9)}`);
    const nine = `a${'[b]'.repeat(9)}`;
    expect(refusal(`${nine}=x`)).toStrictEqual({
      status: 400,
      type: 'invalid_request_error',
      message: 'Parameters may be nested at most 8 levels deep',
      param: nine,
    });
    const longNine = `${'a'.repeat(95)}${'[b]'.repeat(9)}`;
    expect(refusal(`${longNine}=x`).param).toBe(longNine.slice(0, 100));
  });

  it('refuses a name given twice, and a name that is both text and an object', () => {
    expect(sessionRefusal('mode=payment&mode=subscription')).toStrictEqual({
      status: 400,
      type: 'invalid_request_error',
      message: 'Invalid string',
      param: 'mode',
    });
    expect(sessionRefusal('metadata[b]=x&metadata=y')).toMatchObject({
      message: 'Invalid object',
      param: 'metadata',
    });
    expect(sessionRefusal('metadata=y&metadata[b]=x')).toStrictEqual({
      status: 400,
      type: 'invalid_request_error',
      message: 'Invalid object',
      param: 'metadata',
    });
  });

  it('takes at most 1,000 pairs', () => {
    const pairs = (n: number) => Array.from({ length: n }, (_, i) => `k${i}=v`).join('&');
    expect(Object.keys(decodeForm(pairs(1_000)))).toHaveLength(1_000);
    expect(refusal(pairs(1_001))).toStrictEqual({
      status: 400,
      type: 'invalid_request_error',
      message: 'Too many parameters (at most 1000)',
    });
    const appended = Array.from({ length: 1_000 }, (_, i) => `a[]=${i}`).join('&');
    expect((decodeForm(appended).a as string[]).at(-1)).toBe('999');
  });
});
