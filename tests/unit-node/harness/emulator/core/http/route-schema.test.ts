/**
 * Route schemas (`core/http/route-schema.ts`): bodies and queries are checked as the platform checks them (no type
 * coercion, no defaults filled in, nothing removed), and the first failure is refused with 400 in the platform's
 * shape and in words: `email is required`, `otp_code must be a string of 1 to 12 characters`; `invalid_body` for a
 * body, `invalid_parameter` for a query or a path parameter.
 */
import type { FastifySchemaValidationError } from 'fastify/types/schema.js';
import { afterEach, describe, expect, it } from 'vitest';
import {
  objectBody,
  schemaErrorFormatter,
  textField,
} from '../../../../../../host-harness/src/emulator/core/http/route-schema.ts';
import { type FeatureApp, featureApp } from '../../feature-app.ts';

let open: FeatureApp | null = null;
afterEach(async () => {
  await open?.close();
  open = null;
});

/** An app whose `POST /check` takes a body of `schema` and answers it back as it reached the handler. */
async function bodyApp(schema: object): Promise<FeatureApp> {
  open = await featureApp((app) => {
    app.post('/check', { schema: { body: schema } }, async (request) => ({ got: request.body }));
  });
  return open;
}

async function refusalOf(f: FeatureApp, body: unknown): Promise<unknown> {
  const answered = await f.call('POST', '/check', { body });
  expect(answered.status, JSON.stringify(body)).toBe(400);
  return answered.body;
}

const bodyRefusal = (message: string) => ({ message, code: 'invalid_body' });

describe('textField and objectBody', () => {
  it('a text field takes 1 to max characters, and its refusal says so by default', async () => {
    const f = await bodyApp(objectBody({ otp_code: textField(12) }, ['otp_code']));
    for (const code of ['1', 'x'.repeat(12)])
      expect((await f.call('POST', '/check', { body: { otp_code: code } })).body).toStrictEqual({
        got: { otp_code: code },
      });
    for (const otp_code of ['', 'x'.repeat(13), 5, null, ['1']])
      expect(await refusalOf(f, { otp_code }), JSON.stringify(otp_code)).toStrictEqual(
        bodyRefusal('otp_code must be a string of 1 to 12 characters'),
      );
  });

  it('a text field named by its description', async () => {
    const f = await bodyApp(objectBody({ email: textField(254, 'an e-mail address') }));
    expect(await refusalOf(f, { email: 1 })).toStrictEqual(bodyRefusal('email must be an e-mail address'));
    expect(await refusalOf(f, { email: 'x'.repeat(255) })).toStrictEqual(
      bodyRefusal('email must be an e-mail address'),
    );
  });

  it('an object body requires the fields named, and only those; other fields pass untouched', async () => {
    const f = await bodyApp(objectBody({ a: textField(5), b: textField(5) }, ['a']));
    expect(await refusalOf(f, { b: 'x' })).toStrictEqual(bodyRefusal('a is required'));
    expect((await f.call('POST', '/check', { body: { a: 'x', extra: [1, { y: 2 }] } })).body).toStrictEqual({
      got: { a: 'x', extra: [1, { y: 2 }] },
    });
    const none = await bodyApp(objectBody({ a: textField(5) }));
    expect((await none.call('POST', '/check', { body: {} })).body).toStrictEqual({ got: {} });
  });

  it('an object body refuses a body that is not an object, as "a JSON object"', async () => {
    const f = await bodyApp(objectBody({}));
    for (const body of [[], 'x', 5, null, true])
      expect(await refusalOf(f, body), JSON.stringify(body)).toStrictEqual(
        bodyRefusal('The request body must be a JSON object'),
      );
  });
});

describe('what the schemas do not do behind the caller back', () => {
  it('no coercion: a number for a text or a text for a number is refused', async () => {
    const f = await bodyApp({
      type: 'object',
      properties: { n: { type: 'integer' }, s: { type: 'string' } },
    });
    expect(await refusalOf(f, { n: '5' })).toStrictEqual(bodyRefusal('n must be a whole number'));
    expect(await refusalOf(f, { s: 5 })).toStrictEqual(bodyRefusal('s must be a string'));
    expect(await refusalOf(f, { n: null })).toStrictEqual(bodyRefusal('n must be a whole number'));
  });

  it('no defaults filled in, no additional fields removed', async () => {
    const f = await bodyApp({
      type: 'object',
      properties: { kind: { type: 'string', default: 'basic' } },
    });
    expect((await f.call('POST', '/check', { body: {} })).body).toStrictEqual({ got: {} });
    const closed = await bodyApp({
      type: 'object',
      properties: { a: { type: 'string' } },
      additionalProperties: false,
    });
    expect(await refusalOf(closed, { a: 'x', b: 'y' })).toStrictEqual(
      bodyRefusal('The request body must NOT have additional properties'),
    );
  });
});

describe('the refusal in words', () => {
  it('names each JSON type as a person would', async () => {
    const f = await bodyApp({
      type: 'object',
      properties: {
        s: { type: 'string' },
        o: { type: 'object' },
        a: { type: 'array' },
        b: { type: 'boolean' },
        i: { type: 'integer' },
        n: { type: 'number' },
        z: { type: 'null' },
      },
    });
    const cases: [string, string][] = [
      ['s', 'a string'],
      ['o', 'an object'],
      ['a', 'an array'],
      ['b', 'true or false'],
      ['i', 'a whole number'],
      ['n', 'a number'],
      ['z', 'null'],
    ];
    for (const [field, words] of cases)
      expect(await refusalOf(f, { [field]: field === 's' ? 1 : 'x' }), field).toStrictEqual(
        bodyRefusal(`${field} must be ${words}`),
      );
    expect(await refusalOf(f, { i: 1.5 })).toStrictEqual(bodyRefusal('i must be a whole number'));
  });

  it('a body of the wrong type at its root is "The request body"', async () => {
    const f = await bodyApp({ type: 'array' });
    expect(await refusalOf(f, { a: 1 })).toStrictEqual(bodyRefusal('The request body must be an array'));
  });

  it('lists the allowed values of an enum', async () => {
    const f = await bodyApp({ type: 'object', properties: { kind: { enum: ['a', 'b', 3, null] } } });
    expect(await refusalOf(f, { kind: 'c' })).toStrictEqual(bodyRefusal('kind must be one of a, b, 3, null'));
  });

  it('gives the validator own words for any other rule', async () => {
    const f = await bodyApp({
      type: 'object',
      properties: { n: { type: 'integer', minimum: 3 }, tags: { type: 'array', maxItems: 1 } },
    });
    expect(await refusalOf(f, { n: 2 })).toStrictEqual(bodyRefusal('n must be >= 3'));
    expect(await refusalOf(f, { tags: [1, 2] })).toStrictEqual(
      bodyRefusal('tags must NOT have more than 1 items'),
    );
  });

  it('names a nested field by its dotted path, for a missing one too', async () => {
    const f = await bodyApp({
      type: 'object',
      properties: {
        profile: {
          type: 'object',
          properties: { address: { type: 'object', properties: { city: { type: 'string' } } } },
          required: ['name'],
        },
        items: { type: 'array', items: { type: 'integer' } },
      },
    });
    expect(await refusalOf(f, { profile: {} })).toStrictEqual(bodyRefusal('profile.name is required'));
    expect(await refusalOf(f, { profile: { name: 'n', address: { city: 7 } } })).toStrictEqual(
      bodyRefusal('profile.address.city must be a string'),
    );
    expect(await refusalOf(f, { items: [1, 'x'] })).toStrictEqual(
      bodyRefusal('items.1 must be a whole number'),
    );
  });

  it('a query or a path parameter is refused as invalid_parameter', async () => {
    open = await featureApp((app) => {
      app.get(
        '/q/:id',
        {
          schema: {
            params: { type: 'object', properties: { id: { type: 'string', maxLength: 3 } } },
            querystring: {
              type: 'object',
              properties: { limit: { type: 'integer' }, sort: { enum: ['asc', 'desc'] } },
              required: ['sort'],
            },
          },
        },
        async (request) => ({ query: request.query }),
      );
    });
    const f = open;
    expect((await f.call('GET', '/q/abc?sort=asc')).body).toStrictEqual({ query: { sort: 'asc' } });
    expect((await f.call('GET', '/q/abc')).body).toStrictEqual({
      message: 'sort is required',
      code: 'invalid_parameter',
    });
    expect((await f.call('GET', '/q/abc?sort=up')).body).toStrictEqual({
      message: 'sort must be one of asc, desc',
      code: 'invalid_parameter',
    });
    const strictQuery = await f.call('GET', '/q/abc?sort=asc&limit=5');
    expect([strictQuery.status, strictQuery.body]).toStrictEqual([
      400,
      { message: 'limit must be a whole number', code: 'invalid_parameter' },
    ]);
    expect((await f.call('GET', '/q/abcd?sort=asc')).body).toStrictEqual({
      message: 'id must NOT have more than 3 characters',
      code: 'invalid_parameter',
    });
  });
});

describe('schemaErrorFormatter', () => {
  /** A validation error as Ajv reports it, with these fields replaced. */
  function ajvError(fields: Partial<FastifySchemaValidationError> & Record<string, unknown>) {
    return {
      keyword: 'x',
      instancePath: '',
      schemaPath: '#',
      params: {},
      ...fields,
    } as FastifySchemaValidationError;
  }

  it('with no error at all: the request part "is not valid"', () => {
    const body = schemaErrorFormatter([], 'body');
    expect([body.status, body.code, body.message]).toStrictEqual([
      400,
      'invalid_body',
      'The request body is not valid',
    ]);
    const query = schemaErrorFormatter([], 'querystring');
    expect([query.status, query.code, query.message]).toStrictEqual([
      400,
      'invalid_parameter',
      'The request querystring is not valid',
    ]);
  });

  it('a rule without words of its own "is not valid"; the root of a query is named as such', () => {
    expect(schemaErrorFormatter([ajvError({ instancePath: '/a/b' })], 'body').message).toBe(
      'a.b is not valid',
    );
    expect(
      schemaErrorFormatter([ajvError({ keyword: 'type', params: { type: 'object' } })], 'querystring')
        .message,
    ).toBe('querystring must be an object');
    expect(schemaErrorFormatter([ajvError({ message: 'is odd' })], 'params').message).toBe('params is odd');
  });

  it('only the first failure is told', () => {
    const errors = [
      ajvError({ keyword: 'required', params: { missingProperty: 'first' } }),
      ajvError({ keyword: 'required', params: { missingProperty: 'second' } }),
    ];
    expect(schemaErrorFormatter(errors, 'body').message).toBe('first is required');
  });

  it('a description wins over the rule own words; an empty one does not', () => {
    const described = ajvError({
      keyword: 'enum',
      params: { allowedValues: ['a'] },
      parentSchema: { description: 'a letter' },
    });
    expect(schemaErrorFormatter([described], 'headers').message).toBe('headers must be a letter');
    const blank = ajvError({
      keyword: 'enum',
      params: { allowedValues: ['a'] },
      parentSchema: { description: '' },
    });
    expect(schemaErrorFormatter([blank], 'headers').message).toBe('headers must be one of a');
  });
});
