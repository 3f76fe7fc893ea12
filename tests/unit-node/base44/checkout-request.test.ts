/**
 * createCheckout's reading of the caller's body (`{ packageName: 'gold' }`): it must come as `application/json`
 * (anything else is a 415 before the body is read), every way it can be wrong has its own message, the caller's text
 * is never echoed, and a body past the size cap is refused before it is parsed.
 */
import { describe, expect, it } from 'vitest';
import {
  isJsonContentType,
  readCheckoutInput,
} from '../../../base44/functions/createCheckout/checkout-request.ts';
import { isPackageName, PACKAGE_NAMES } from '../../../base44/shared/packages.ts';

const URL = 'http://127.0.0.1/functions/createCheckout';
const read = (body: string, contentType: string | null = 'application/json') =>
  readCheckoutInput(
    new Request(URL, {
      method: 'POST',
      // A string body alone makes the Request say text/plain; `null` sends no Content-Type at all.
      body: contentType === null ? new TextEncoder().encode(body) : body,
      headers: contentType === null ? {} : { 'content-type': contentType },
    }),
  );
const refused = (message: string) => ({ ok: false, status: 400, code: 'invalid_request', message });
const NOT_JSON_TYPE = {
  ok: false,
  status: 415,
  code: 'unsupported_media_type',
  message: 'Send the request as JSON: its Content-Type must be application/json',
};

const NOT_AN_OBJECT = 'The request body must be a JSON object with a packageName';
const UNKNOWN = 'Unknown packageName: the packages on sale are gold';

describe('readCheckoutInput', () => {
  it('reads only a body sent as application/json, in any case and with parameters', async () => {
    for (const type of [
      'application/json',
      'Application/JSON',
      'application/json; charset=utf-8',
      ' application/json ;',
    ]) {
      expect(await read('{"packageName":"gold"}', type), type).toEqual({ ok: true, packageName: 'gold' });
    }
  });

  it('refuses any other content type with a 415, before reading the body', async () => {
    for (const type of [
      'text/plain',
      'text/plain;charset=UTF-8',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/jsonp',
      'application/json-patch+json',
      'application/vnd.api+json',
      'text/json',
      'json',
      '',
    ]) {
      expect(await read('{"packageName":"gold"}', type), type).toEqual(NOT_JSON_TYPE);
    }
    expect(await read('{"packageName":"gold"}', null)).toEqual(NOT_JSON_TYPE);
    // The body is left unread: a refused request costs nothing to read.
    const request = new Request(URL, {
      method: 'POST',
      body: '{"packageName":"gold"}',
      headers: { 'content-type': 'text/plain' },
    });
    await readCheckoutInput(request);
    expect(request.bodyUsed).toBe(false);
  });

  it('accepts a known package', async () => {
    expect(await read('{"packageName":"gold"}')).toEqual({ ok: true, packageName: 'gold' });
    expect(await read(' { "packageName": "gold", "extra": 1 } ')).toEqual({ ok: true, packageName: 'gold' });
  });

  it('reads a body of exactly the cap, and refuses one character more before parsing it', async () => {
    const body = (length: number) => {
      const start = '{"packageName":"gold","padding":"';
      return `${start}${'x'.repeat(length - start.length - 2)}"}`;
    };
    expect(body(16_384)).toHaveLength(16_384);
    expect(await read(body(16_384))).toEqual({ ok: true, packageName: 'gold' });
    expect(await read(body(16_385))).toEqual(refused('The request body is too large'));
    expect(await read(`{${' '.repeat(16_384)}`)).toEqual(refused('The request body is too large'));
  });

  it('an empty or blank body asks for the object, rather than reporting bad JSON', async () => {
    expect(await read('')).toEqual(refused(NOT_AN_OBJECT));
    expect(await read(' \n\t ')).toEqual(refused(NOT_AN_OBJECT));
  });

  it('text that is not JSON says so', async () => {
    expect(await read('{"packageName":')).toEqual(refused('The request body is not valid JSON'));
    expect(await read('gold')).toEqual(refused('The request body is not valid JSON'));
  });

  it('JSON that is not an object asks for the object', async () => {
    for (const body of ['null', '[{"packageName":"gold"}]', '"gold"', '42', 'true']) {
      expect(await read(body), body).toEqual(refused(NOT_AN_OBJECT));
    }
  });

  it('a missing, null or empty packageName is required', async () => {
    for (const body of ['{}', '{"packageName":null}', '{"packageName":""}']) {
      expect(await read(body), body).toEqual(refused('packageName is required'));
    }
  });

  it('any other value is an unknown package, named by the list on sale and never echoed', async () => {
    for (const body of [
      '{"packageName":"platinum"}',
      '{"packageName":"GOLD"}',
      '{"packageName":["gold"]}',
      '{"packageName":7}',
      '{"packageName":false}',
      '{"packageName":"constructor"}',
      '{"packageName":"__proto__"}',
      '{"packageName":"toString"}',
    ]) {
      expect(await read(body), body).toEqual(refused(UNKNOWN));
    }
  });
});

describe('isJsonContentType', () => {
  it('names JSON only for the application/json essence', () => {
    expect(isJsonContentType(null)).toBe(false);
    expect(isJsonContentType('application/json')).toBe(true);
    expect(isJsonContentType('APPLICATION/JSON;charset=utf-8')).toBe(true);
    expect(isJsonContentType('application/json , text/plain')).toBe(false);
    expect(isJsonContentType('text/plain; application/json')).toBe(false);
  });
});

describe('packages', () => {
  it('gold is the one package on sale', () => {
    expect(PACKAGE_NAMES).toEqual(['gold']);
    expect(isPackageName('gold')).toBe(true);
  });

  it('only the text of a package name is one: not a list holding it, nor an inherited property', () => {
    for (const value of [['gold'], { toString: () => 'gold' }, 'hasOwnProperty', 'gold ', undefined]) {
      expect(isPackageName(value), String(value)).toBe(false);
    }
  });
});
