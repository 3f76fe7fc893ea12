/**
 * createCheckout's reading of the caller's body (`{ packageName: 'gold' }`): every way it can be wrong has its own
 * message, the caller's text is never echoed, and a body past the size cap is refused before it is parsed.
 */
import { describe, expect, it } from 'vitest';
import { readCheckoutInput } from '../../../base44/functions/createCheckout/checkout-request.ts';
import { isPackageName, PACKAGE_NAMES } from '../../../base44/shared/packages.ts';

const read = (body: string) =>
  readCheckoutInput(new Request('http://127.0.0.1/functions/createCheckout', { method: 'POST', body }));

const NOT_AN_OBJECT = 'The request body must be a JSON object with a packageName';
const UNKNOWN = 'Unknown packageName: the packages on sale are gold';

describe('readCheckoutInput', () => {
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
    expect(await read(body(16_385))).toEqual({ ok: false, message: 'The request body is too large' });
    expect(await read(`{${' '.repeat(16_384)}`)).toEqual({
      ok: false,
      message: 'The request body is too large',
    });
  });

  it('an empty or blank body asks for the object, rather than reporting bad JSON', async () => {
    expect(await read('')).toEqual({ ok: false, message: NOT_AN_OBJECT });
    expect(await read(' \n\t ')).toEqual({ ok: false, message: NOT_AN_OBJECT });
  });

  it('text that is not JSON says so', async () => {
    expect(await read('{"packageName":')).toEqual({
      ok: false,
      message: 'The request body is not valid JSON',
    });
    expect(await read('gold')).toEqual({ ok: false, message: 'The request body is not valid JSON' });
  });

  it('JSON that is not an object asks for the object', async () => {
    for (const body of ['null', '[{"packageName":"gold"}]', '"gold"', '42', 'true']) {
      expect(await read(body), body).toEqual({ ok: false, message: NOT_AN_OBJECT });
    }
  });

  it('a missing, null or empty packageName is required', async () => {
    for (const body of ['{}', '{"packageName":null}', '{"packageName":""}']) {
      expect(await read(body), body).toEqual({ ok: false, message: 'packageName is required' });
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
      expect(await read(body), body).toEqual({ ok: false, message: UNKNOWN });
    }
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
