/**
 * Form bodies in the provider's bracket notation (`line_items[0][price_data][currency]=gbp`, `expand[]=x`) decoded into
 * nested objects and arrays; names, depths, repeats, gaps and sizes the provider would not take are its 400s.
 */
import { describe, expect, it } from 'vitest';
import { decodeForm } from '../../../../host-harness/payments/api/form-decode.ts';
import { refusalOf } from '../support/provider-refusal.ts';

const refusal = (body: string) => refusalOf(() => decodeForm(body));

describe('decodeForm', () => {
  it('decodes plain names, nested names and indexed arrays', () => {
    expect(decodeForm('')).toStrictEqual({});
    expect(decodeForm('mode=subscription&success_url=https%3A%2F%2Fa.test%2F%3Fx%3D1')).toStrictEqual({
      mode: 'subscription',
      success_url: 'https://a.test/?x=1',
    });
    expect(
      decodeForm(
        'line_items[0][price_data][currency]=gbp&line_items[0][quantity]=1&line_items[1][price]=price_1&metadata[package]=gold',
      ),
    ).toStrictEqual({
      line_items: [{ price_data: { currency: 'gbp' }, quantity: '1' }, { price: 'price_1' }],
      metadata: { package: 'gold' },
    });
  });

  it('appends with `[]`, and orders indexes given out of order', () => {
    expect(decodeForm('expand[]=line_items&expand[]=subscription')).toStrictEqual({
      expand: ['line_items', 'subscription'],
    });
    expect(decodeForm('a[1]=second&a[0]=first&a[2]=third')).toStrictEqual({
      a: ['first', 'second', 'third'],
    });
    expect(
      decodeForm('a[10]=k&a[0]=a&a[1]=b&a[2]=c&a[3]=d&a[4]=e&a[5]=f&a[6]=g&a[7]=h&a[8]=i&a[9]=j'),
    ).toStrictEqual({
      a: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k'],
    });
  });

  it('reads names of more than four digits, and names mixing digits, as names', () => {
    expect(decodeForm('a[10000]=x')).toStrictEqual({ a: { '10000': 'x' } });
    expect(decodeForm('a[0]=x&a[b]=y')).toStrictEqual({ a: { '0': 'x', b: 'y' } });
    expect(decodeForm('a[0x]=x')).toStrictEqual({ a: { '0x': 'x' } });
  });

  it('refuses an array with a gap, naming it', () => {
    expect(refusal('line_items[0][price]=p&line_items[2][price]=q')).toStrictEqual({
      status: 400,
      type: 'invalid_request_error',
      message: 'Invalid array: indexes must start at 0 and have no gaps',
      param: 'line_items',
    });
    expect(refusal('a[b][1]=x').param).toBe('a[b]');
    expect(refusal('a[0]=x&a[00]=y').param).toBe('a');
  });

  it('refuses a top level of indexes, whether or not it has gaps', () => {
    expect(refusal('0=a')).toStrictEqual({
      status: 400,
      type: 'invalid_request_error',
      message: 'Invalid parameter names: the top level must be named',
    });
    expect(refusal('0=a&2=b')).toStrictEqual({
      status: 400,
      type: 'invalid_request_error',
      message: 'Invalid array: indexes must start at 0 and have no gaps',
    });
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
    for (const name of ['__proto__', 'a[__proto__]', 'a[constructor][b]', 'prototype']) {
      expect(refusal(`${name}=x`), name).toStrictEqual({
        status: 400,
        type: 'invalid_request_error',
        message: `Invalid parameter name: ${name}`,
        param: name,
      });
    }
    const long = `${'a'.repeat(120)}[constructor]`;
    expect(refusal(`${long}=x`)).toMatchObject({
      message: `Invalid parameter name: ${long.slice(0, 100)}`,
      param: long,
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
    expect(refusal('mode=payment&mode=subscription')).toStrictEqual({
      status: 400,
      type: 'invalid_request_error',
      message: 'Received mode more than once',
      param: 'mode',
    });
    expect(refusal('a[b]=x&a=y')).toMatchObject({ message: 'Received a more than once', param: 'a' });
    expect(refusal('a=y&a[b]=x')).toStrictEqual({
      status: 400,
      type: 'invalid_request_error',
      message: 'Invalid value for a[b]: mixed text and object',
      param: 'a[b]',
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
