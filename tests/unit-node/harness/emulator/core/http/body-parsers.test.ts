/**
 * The emulator's body parsers (`core/http/body-parsers.ts`): JSON up to 1 MB, an empty JSON body allowed, its shape
 * bounded before parsing; URL-encoded forms up to 64 KB.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { JSON_BODY_LIMIT } from '../../../../../../host-harness/src/emulator/core/http/body-parsers.ts';
import { closeParamsApp, json, MB, paramsApp } from './params-app.ts';

afterEach(closeParamsApp);

describe('JSON bodies', () => {
  it('an empty or blank body is no body (a client posts JSON with nothing in it)', async () => {
    const f = await paramsApp();
    for (const payload of ['', '  \n\t '])
      expect((await f.call('POST', '/raw', json(payload))).body, JSON.stringify(payload)).toStrictEqual({
        undefined: true,
        body: null,
      });
  });

  it('parses JSON, and refuses malformed JSON with 400 invalid_json', async () => {
    const f = await paramsApp();
    expect((await f.call('POST', '/raw', json(' {"a":[1]} '))).body).toStrictEqual({
      undefined: false,
      body: { a: [1] },
    });
    const bad = await f.call('POST', '/raw', json('{"a":'));
    expect(bad.status).toBe(400);
    expect([bad.body.message, bad.body.code]).toStrictEqual([
      'The request body is not valid JSON',
      'invalid_json',
    ]);
    expect(bad.body.detail).toEqual(expect.any(String));
  });

  it('bounds its shape before parsing it (too deep is 400 invalid_body)', async () => {
    const f = await paramsApp();
    const deep = await f.call('POST', '/raw', json(`${'['.repeat(33)}${']'.repeat(33)}`));
    expect(deep.body).toStrictEqual({
      message: 'The request body is nested more than 32 levels deep (objects and arrays)',
      code: 'invalid_body',
    });
  });

  it('takes 1 MB and refuses one byte more with 413', async () => {
    const f = await paramsApp();
    expect(JSON_BODY_LIMIT).toBe(MB);
    const fits = `"${'x'.repeat(MB - 2)}"`;
    expect((await f.call('POST', '/raw', json(fits))).body.body).toHaveLength(MB - 2);
    const over = await f.call('POST', '/raw', json(`"${'x'.repeat(MB - 1)}"`));
    expect(over.status).toBe(413);
    expect(over.body).toStrictEqual({
      message: 'The request body is too large: Request body is too large',
      code: 'FST_ERR_CTP_BODY_TOO_LARGE',
    });
  });
});

describe('URL-encoded forms', () => {
  it('are read as an object of texts (the last of a repeated field)', async () => {
    const f = await paramsApp();
    const form = await f.call('POST', '/raw', {
      payload: 'email=a%40b.example&name=A+B&x=1&x=2&empty=',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.body).toStrictEqual({
      undefined: false,
      body: { email: 'a@b.example', name: 'A B', x: '2', empty: '' },
    });
  });

  it('take 64 KB and refuse one byte more with 413', async () => {
    const f = await paramsApp();
    const headers = { 'content-type': 'application/x-www-form-urlencoded' };
    const fits = await f.call('POST', '/raw', { payload: `a=${'x'.repeat(64 * 1024 - 2)}`, headers });
    expect(fits.body.body.a).toHaveLength(64 * 1024 - 2);
    const over = await f.call('POST', '/raw', { payload: `a=${'x'.repeat(64 * 1024 - 1)}`, headers });
    expect(over.status).toBe(413);
    expect(over.body.code).toBe('FST_ERR_CTP_BODY_TOO_LARGE');
  });
});
