/**
 * The named parameters of an integration or function call (`core/http/named-params.ts`): a JSON object, or a
 * multipart form (files up to 10 MB, 5 files, 100 fields) whose JSON fields are parsed back within the JSON bounds;
 * and `requiredText`.
 */
import type { FastifyRequest } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../../../../host-harness/src/emulator/core/errors.ts';
import {
  readNamedParams,
  requiredText,
} from '../../../../../../host-harness/src/emulator/core/http/named-params.ts';
import { multipart, refusal } from '../../feature-app.ts';
import { closeParamsApp, json, MB, paramsApp } from './params-app.ts';

afterEach(closeParamsApp);

describe('readNamedParams: a JSON body', () => {
  it('an object is the named parameters; no body is none', async () => {
    const f = await paramsApp();
    expect((await f.call('POST', '/params', { body: { to: 'a', n: { deep: [1] } } })).body).toStrictEqual({
      values: { to: 'a', n: { deep: [1] } },
      files: {},
    });
    expect((await f.call('POST', '/params')).body).toStrictEqual({ values: {}, files: {} });
    expect((await f.call('POST', '/params', json(''))).body).toStrictEqual({ values: {}, files: {} });
  });

  it('anything but an object (null included, and raw bytes) is a 400 invalid_body', async () => {
    const f = await paramsApp();
    const refused = { message: 'Thing must receive an object with named parameters', code: 'invalid_body' };
    for (const payload of ['null', '[]', '[{"a":1}]', '"x"', '5', 'true']) {
      const answered = await f.call('POST', '/params', json(payload));
      expect([answered.status, answered.body], payload).toStrictEqual([400, refused]);
    }
    const bytes = await f.call('POST', '/params', {
      payload: Buffer.from('{"a":1}'),
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect([bytes.status, bytes.body]).toStrictEqual([400, refused]);
  });
});

describe('readNamedParams: a multipart form', () => {
  it('fields are texts, JSON objects and arrays are parsed back, files are files', async () => {
    const f = await paramsApp();
    const form = multipart([
      { name: 'to', value: 'a@b.example' },
      { name: 'obj', value: '  {"a":{"b":[1,2]}} \n' },
      { name: 'list', value: '[1,"x"]' },
      { name: 'number', value: '5' },
      { name: 'not_json', value: ' {oops' },
      { name: 'braced_late', value: 'x{}' },
      { name: 'upload', value: Buffer.from('file body'), filename: 'notes.txt', type: 'text/plain' },
    ]);
    const answered = await f.call('POST', '/params', form);
    expect(answered.status).toBe(200);
    expect(answered.body).toStrictEqual({
      values: {
        to: 'a@b.example',
        obj: { a: { b: [1, 2] } },
        list: [1, 'x'],
        number: '5',
        not_json: ' {oops',
        braced_late: 'x{}',
      },
      files: { upload: { filename: 'notes.txt', mimetype: 'text/plain', size: 9, text: 'file body' } },
    });
  });

  it('an empty form has no parameters', async () => {
    const f = await paramsApp();
    const empty = multipart([]);
    expect((await f.call('POST', '/params', empty)).body).toStrictEqual({ values: {}, files: {} });
  });

  it('a JSON field deeper than a JSON body may be is a 400 invalid_body', async () => {
    const f = await paramsApp();
    const deep = await f.call(
      'POST',
      '/params',
      multipart([{ name: 'x', value: `  ${'{"a":'.repeat(33)}1${'}'.repeat(33)}` }]),
    );
    expect([deep.status, deep.body]).toStrictEqual([
      400,
      {
        message: 'A multipart field is nested more than 32 levels deep (objects and arrays)',
        code: 'invalid_body',
      },
    ]);
    const fits = await f.call(
      'POST',
      '/params',
      multipart([{ name: 'x', value: `${'['.repeat(32)}${']'.repeat(32)}` }]),
    );
    expect(fits.status).toBe(200);
  });

  it('a field named after a prototype property is refused with 400', async () => {
    const f = await paramsApp();
    for (const part of [
      { name: '__proto__', value: '{"admin":true}' },
      { name: '__proto__', value: Buffer.from('x'), filename: 'a.txt', type: 'text/plain' },
      { name: 'constructor', value: 'x' },
    ]) {
      const answered = await f.call('POST', '/params', multipart([part]));
      expect([answered.status, answered.body.code], part.name).toStrictEqual([400, 'FST_PROTO_VIOLATION']);
    }
  });

  it('a malformed form is a 400 invalid_multipart saying why', async () => {
    const f = await paramsApp();
    const cut = multipart([{ name: 'a', value: 'x' }]);
    const truncated = await f.call('POST', '/params', {
      payload: cut.payload.subarray(0, cut.payload.length - 30),
      headers: cut.headers,
    });
    expect(truncated.status).toBe(400);
    expect(truncated.body).toStrictEqual({
      message: 'The multipart body is malformed',
      detail: 'Unexpected end of multipart data',
      code: 'invalid_multipart',
    });
  });

  it('takes files of 10 MB, and refuses a larger one with 413', async () => {
    const f = await paramsApp();
    const file = (size: number) =>
      multipart([{ name: 'f', value: Buffer.alloc(size, 0x61), filename: 'a.bin', type: 'application/pdf' }]);
    expect((await f.call('POST', '/params', file(10 * MB))).body.files.f.size).toBe(10 * MB);
    const over = await f.call('POST', '/params', file(10 * MB + 1));
    expect([over.status, over.body]).toStrictEqual([
      413,
      { message: 'The request body is too large: request file too large', code: 'FST_REQ_FILE_TOO_LARGE' },
    ]);
  });

  it('takes 5 files and 100 fields, and refuses one more of either with 413', async () => {
    const f = await paramsApp();
    const files = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        name: `f${i}`,
        value: 'x',
        filename: `${i}.txt`,
        type: 'text/plain',
      }));
    const fields = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `v${i}`, value: `${i}` }));
    const full = await f.call('POST', '/params', multipart([...fields(100), ...files(5)]));
    expect(full.status).toBe(200);
    expect([Object.keys(full.body.values).length, Object.keys(full.body.files).length]).toStrictEqual([
      100, 5,
    ]);
    const sixFiles = await f.call('POST', '/params', multipart(files(6)));
    expect([sixFiles.status, sixFiles.body]).toStrictEqual([
      413,
      { message: 'The request body is too large: reach files limit', code: 'FST_FILES_LIMIT' },
    ]);
    const manyFields = await f.call('POST', '/params', multipart(fields(101)));
    expect([manyFields.status, manyFields.body]).toStrictEqual([
      413,
      { message: 'The request body is too large: reach fields limit', code: 'FST_FIELDS_LIMIT' },
    ]);
  });

  it('keeps the first 1 MB of a longer field', async () => {
    const f = await paramsApp();
    const long = await f.call('POST', '/params', multipart([{ name: 'text', value: 'y'.repeat(MB + 5) }]));
    expect(long.status).toBe(200);
    expect(long.body.values.text).toHaveLength(MB);
  });
});

describe('readNamedParams: parts the multipart parser hands over, failures while reading them', () => {
  /** A multipart request whose reading fails with `error`. */
  function failingRequest(error: Error): FastifyRequest {
    return {
      isMultipart: () => true,
      // biome-ignore lint/correctness/useYield: the reading fails before any part
      async *parts() {
        throw error;
      },
    } as unknown as FastifyRequest;
  }

  async function thrown(error: Error): Promise<unknown> {
    try {
      await readNamedParams(failingRequest(error), 'Thing');
    } catch (caught) {
      return caught;
    }
    throw new Error('readNamedParams did not throw');
  }

  it('a part named __proto__, should the multipart parser hand one over, is a 400 invalid_body', async () => {
    for (const part of [
      { type: 'field', fieldname: '__proto__', value: '{"admin":true}' },
      {
        type: 'file',
        fieldname: '__proto__',
        filename: 'a.txt',
        mimetype: 'text/plain',
        toBuffer: async () => Buffer.from('x'),
      },
    ]) {
      const request = {
        isMultipart: () => true,
        async *parts() {
          yield { type: 'field', fieldname: 'before', value: 'x' };
          yield part;
        },
      } as unknown as FastifyRequest;
      let caught: unknown = null;
      await readNamedParams(request, 'Thing').catch((error: unknown) => {
        caught = error;
      });
      expect(caught, part.type).toBeInstanceOf(ApiError);
      expect([(caught as ApiError).status, (caught as ApiError).toBody()], part.type).toStrictEqual([
        400,
        { message: 'Field name __proto__ is not allowed', code: 'invalid_body' },
      ]);
    }
  });

  it('a client error (4xx) is passed on as it is', async () => {
    for (const statusCode of [400, 413, 499]) {
      const error = Object.assign(new Error('limit'), { statusCode });
      expect(await thrown(error), String(statusCode)).toBe(error);
    }
  });

  it('anything else is a 400 invalid_multipart with the cause as its detail', async () => {
    for (const statusCode of [undefined, 0, 399, 500]) {
      const caught = await thrown(Object.assign(new Error(`cause ${statusCode}`), { statusCode }));
      expect(caught, String(statusCode)).toBeInstanceOf(ApiError);
      expect((caught as ApiError).toBody()).toStrictEqual({
        message: 'The multipart body is malformed',
        detail: `cause ${statusCode}`,
        code: 'invalid_multipart',
      });
      expect((caught as ApiError).status).toBe(400);
    }
  });
});

describe('requiredText', () => {
  it('gives a text of 1 to max characters', () => {
    expect(requiredText({ to: 'a' }, 'to', 3)).toBe('a');
    expect(requiredText({ to: 'abc' }, 'to', 3)).toBe('abc');
  });

  it('refuses a missing, empty, longer or non-text value with 400 invalid_body', () => {
    for (const values of [{}, { to: '' }, { to: 'abcd' }, { to: 5 }, { to: ['a'] }, { to: null }])
      expect(
        refusal(() => requiredText(values, 'to', 3)),
        JSON.stringify(values),
      ).toStrictEqual({
        status: 400,
        code: 'invalid_body',
        message: 'to is required and must be a string of at most 3 characters',
      });
  });
});
