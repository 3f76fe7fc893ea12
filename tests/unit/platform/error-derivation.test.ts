/**
 * The error a caller gets for a failed answer (docs/platform-api.md, "Errors"): which part of the body gives the message
 * and the code, and what is kept as `data`. The client's integration tests cover the same over real HTTP for a few
 * bodies; these go through every rule of the derivation.
 */
import { describe, expect, it } from 'vitest';
import { deriveHttpError } from '../../../src/platform/error-derivation.ts';

const none = new Headers();
const derive = (data: unknown, headers: Headers = none) => deriveHttpError(418, data, headers);

describe('deriveHttpError: the message', () => {
  it.each([
    ['error.message first', { error: { message: 'nested' }, message: 'top', detail: 'detail' }, 'nested'],
    ['then message', { error: { code: 'E' }, message: 'top', detail: 'detail' }, 'top'],
    ['then detail', { detail: 'detail' }, 'detail'],
    ['then a function’s { error: text }', { error: 'from the function' }, 'from the function'],
    ['message before { error: text }', { error: 'from the function', message: 'top' }, 'top'],
  ])('%s', (_label, body, message) => {
    expect(derive(body).message).toBe(message);
  });

  it.each([
    ['empty', ''],
    ['null', null],
    ['absent', undefined],
  ])('an %s field is skipped for the next one', (_label, empty) => {
    expect(derive({ error: { message: empty }, message: empty, detail: 'detail' }).message).toBe('detail');
    expect(derive({ message: empty, error: 'text' }).message).toBe('text');
  });

  it('a field that is not text is given as JSON (a validation error’s list of problems)', () => {
    const detail = [{ loc: ['body', 'email'], msg: 'field required' }];
    expect(derive({ detail }).message).toBe(JSON.stringify(detail));
    expect(derive({ error: { message: 42 } }).message).toBe('42');
  });

  it.each([
    ['a text body', 'Bad gateway'],
    ['an empty body', ''],
    ['a null body', null],
    ['a JSON number', 7],
    ['a body with none of the fields', { ok: false }],
    ['error: null', { error: null }],
    ['error: an empty text', { error: '' }],
    ['an error object without a message', { error: { code: 'E_CODE' } }],
    ['error: a number', { error: 42 }],
  ])('%s: the client’s own message with the status', (_label, data) => {
    const error = deriveHttpError(503, data, none);
    expect(error.message).toBe('Request failed with status code 503');
    expect(error.status).toBe(503);
    expect(error.data).toBe(data);
  });

  it('error: null does not hide the other fields', () => {
    expect(derive({ error: null, message: 'top', code: 'C' })).toMatchObject({ message: 'top', code: 'C' });
  });
});

describe('deriveHttpError: the code', () => {
  const header = new Headers({ 'x-base44-connector-error': 'connector_failed' });

  it('error.code, then code, then the connector header', () => {
    expect(derive({ error: { code: 'nested' }, code: 'top' }, header).code).toBe('nested');
    expect(derive({ code: 'top' }, header).code).toBe('top');
    expect(derive({ message: 'x' }, header).code).toBe('connector_failed');
    expect(derive('text', header).code).toBe('connector_failed');
  });

  it('is undefined when none is given, and text when the body gives a number', () => {
    expect(derive({ message: 'x' }).code).toBeUndefined();
    expect(derive({ error: { code: 409 } }).code).toBe('409');
    expect(derive({ code: 0 }).code).toBe('0');
  });

  it('keeps the parsed body as data, and the status', () => {
    const body = { error: { message: 'm', code: 'c' }, extra_data: { reason: 'r' } };
    const error = deriveHttpError(403, body, none);
    expect(error).toMatchObject({ name: 'PlatformHttpError', status: 403, code: 'c', message: 'm' });
    expect(error.data).toBe(body);
  });
});
