/**
 * What the editor is told about a failure (docs/platform-api.md, "Parent frame messages"): `describeError` turns anything
 * thrown into plain text fields of at most 4,000 characters, and `httpStatusOf` finds the status the 402 filter reads.
 */
import { describe, expect, it } from 'vitest';
import { describeError, httpStatusOf } from '../../../src/bridge/messages.ts';

const CAP = 4000;

describe('describeError', () => {
  it('an Error: its name and message as the title, its message as the details, its stack', () => {
    const error = new TypeError('x is not a function');
    expect(describeError(error, 'Unhandled error')).toEqual({
      title: 'TypeError: x is not a function',
      details: 'x is not a function',
      componentName: null,
      stack: error.stack,
    });
  });

  it('an Error without a stack has none', () => {
    const error = new Error('no stack');
    error.stack = undefined;
    expect(describeError(error, 'Unhandled error').stack).toBeNull();
    error.stack = '';
    expect(describeError(error, 'Unhandled error').stack).toBeNull();
  });

  it('anything else: the fallback title, the value as text, no component, no stack', () => {
    expect(describeError('boom', 'Unhandled error')).toEqual({
      title: 'Unhandled error',
      details: 'boom',
      componentName: null,
      stack: null,
    });
    expect(describeError({ code: 'E1', stack: 'not an Error' }, 'Unhandled error')).toEqual({
      title: 'Unhandled error',
      details: '{"code":"E1","stack":"not an Error"}',
      componentName: null,
      stack: null,
    });
  });

  it.each([
    ['null', null, 'null'],
    ['undefined', undefined, 'undefined'],
    ['a number', 42, '42'],
    ['a function', () => 1, '() => 1'],
  ])('%s is given as text', (_label, value, details) => {
    expect(describeError(value, 'Unhandled error')).toMatchObject({
      details,
      componentName: null,
      stack: null,
    });
  });

  it('a value that cannot be JSON (a cycle) is named by its type', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(describeError(cyclic, 'Unhandled error').details).toBe('[object Object]');
  });

  it('the component that failed, when the error names one', () => {
    const error = Object.assign(new Error('render failed'), { componentName: 'PricingCard' });
    expect(describeError(error, 'Unhandled error').componentName).toBe('PricingCard');
    expect(describeError({ componentName: { name: 'Hero' } }, 'x').componentName).toBe('{"name":"Hero"}');
  });

  it('keeps 4,000 characters of each field and marks the cut', () => {
    const exact = 'a'.repeat(CAP);
    expect(describeError(exact, 'Unhandled error').details).toBe(exact);
    const long = `${'b'.repeat(CAP)}tail`;
    expect(describeError(long, 'Unhandled error').details).toBe(`${'b'.repeat(CAP)}…`);

    const error = new Error('c'.repeat(CAP * 2));
    error.stack = 'd'.repeat(CAP * 2);
    const details = describeError(Object.assign(error, { componentName: 'e'.repeat(CAP * 2) }), 'x');
    for (const field of [details.title, details.details, details.stack, details.componentName]) {
      expect(field).toHaveLength(CAP + 1);
      expect(field?.endsWith('…')).toBe(true);
    }
  });
});

describe('httpStatusOf', () => {
  it('reads `status`, else `response.status`', () => {
    expect(httpStatusOf(Object.assign(new Error('x'), { status: 402 }))).toBe(402);
    expect(httpStatusOf({ response: { status: 402 } })).toBe(402);
    expect(httpStatusOf({ status: 500, response: { status: 402 } })).toBe(500);
  });

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['a string', 'status 402'],
    ['a number', 402],
    ['a status that is text', { status: '402' }],
    ['an object without one', { message: 'x' }],
    ['a response without one', { response: null }],
  ])('is undefined for %s', (_label, value) => {
    expect(httpStatusOf(value)).toBeUndefined();
  });
});
