import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  splitAccessToken,
  stripAccessToken,
} from '../../../../src/platform/launch-token/split-access-token.ts';

const SITE = 'https://site.example';

/** The name of a segment as the URL Standard decodes it (the oracle: `URLSearchParams`, not our decoder). */
function standardName(segment: string): string | null {
  const first = new URLSearchParams(`&${segment}`).keys().next();
  return first.done ? null : first.value;
}

function standardValues(params: string): string[] {
  return new URLSearchParams(`&${params}`).getAll('access_token');
}

describe('splitAccessToken: the spellings of the name', () => {
  it.each([
    ['plain', '?access_token=Zsecret&a=1', '?a=1'],
    ['encoded underscore', '?a=1&access%5Ftoken=Zsecret', '?a=1'],
    ['encoded underscore, lower-case hex', '?access%5ftoken=Zsecret&b=2', '?b=2'],
    ['encoded first letter', '?%61ccess_token=Zsecret', ''],
    ['every letter encoded, hex case mixed', '?x=&%61%63%63%65%73%73%5f%74%6F%6b%65%6E=Zsecret&y', '?x=&y'],
    ['no value', '?access_token&keep=1', '?keep=1'],
  ])('%s is read and removed', (_label, search, kept) => {
    const split = splitAccessToken(`${SITE}/Pricing${search}#faq`);
    expect(split.href).toBe(`${SITE}/Pricing${kept}#faq`);
    expect(split.removed).toBe(1);
    expect(split.token).toBe(search.includes('Zsecret') ? 'Zsecret' : null);
  });

  it.each([
    ['a trailing space (+)', '?access_token+=Zkept'],
    ['a trailing space (%20)', '?access_token%20=Zkept'],
    ['a space for the underscore', '?access+token=Zkept'],
    ['upper case', '?ACCESS_TOKEN=Zkept'],
    ['double encoding', '?%2561ccess_token=Zkept'],
    ['a NUL byte', '?access_token%00=Zkept'],
    ['a longer name', '?access_tokens=Zkept'],
    ['a semicolon separator', '?a=1;access_token=Zkept'],
  ])('a name that is not access_token once decoded (%s) is neither read nor removed', (_label, search) => {
    const href = `${SITE}/${search}`;
    expect(new URL(href).searchParams.get('access_token')).toBeNull();
    expect(splitAccessToken(href)).toEqual({ token: null, removed: 0, href });
  });

  it('a repeated token: the first value wins, every copy goes, the rest stays in order', () => {
    const split = splitAccessToken(
      `${SITE}/?access_token=Zfirst&a=1&access%5Ftoken=Zsecond&b=%2B+&%61ccess_token=Zthird&c`,
    );
    expect(split).toEqual({ token: 'Zfirst', clear: false, removed: 3, href: `${SITE}/?a=1&b=%2B+&c` });
  });

  it('values are decoded as the browser decodes them', () => {
    expect(splitAccessToken(`${SITE}/?access_token=Z%2Fa+b%20c`).token).toBe('Z/a b c');
  });

  it('the hash is read like a query, after the query', () => {
    expect(splitAccessToken(`${SITE}/Process#access_token=Zhash`)).toEqual({
      token: 'Zhash',
      clear: false,
      removed: 1,
      href: `${SITE}/Process`,
    });
    expect(splitAccessToken(`${SITE}/?q=1#faq&access%5Ftoken=Zhash&x=2`)).toEqual({
      token: 'Zhash',
      clear: false,
      removed: 1,
      href: `${SITE}/?q=1#faq&x=2`,
    });
    expect(splitAccessToken(`${SITE}/#/route?access_token=Zhash`).href).toBe(`${SITE}/#/route`);
    expect(splitAccessToken(`${SITE}/#/route?a=1&access_token=Zhash`).href).toBe(`${SITE}/#/route?a=1`);
    // The query's copy wins over the hash's; both go.
    expect(splitAccessToken(`${SITE}/?access_token=Zquery#access_token=Zhash`)).toEqual({
      token: 'Zquery',
      clear: false,
      removed: 2,
      href: `${SITE}/`,
    });
  });

  it('keeps an empty query or hash that lost nothing, and an address without a token unchanged', () => {
    expect(splitAccessToken(`${SITE}/p?#access_token=Z1`).href).toBe(`${SITE}/p?`);
    expect(splitAccessToken(`${SITE}/p?access_token=Z1#`).href).toBe(`${SITE}/p#`);
    for (const href of [
      `${SITE}/?a=1#b`,
      'not a url access_token=Z',
      `${SITE}/?a=%ZZ&b=%E0%A4%A`,
      // Not as the URL parser would write it (scheme and host case, a space, a default port): still as given.
      'HTTPS://Site.Example:443/a b?x=1#c d',
    ]) {
      expect(splitAccessToken(href)).toEqual({ token: null, removed: 0, href });
    }
  });
});

describe('splitAccessToken: clear_access_token', () => {
  it.each([
    ['alone', '?clear_access_token=true&a=1', '?a=1', null, 1],
    ['spelled with an encoded underscore', '?a=1&clear%5Faccess%5ftoken=true', '?a=1', null, 1],
    [
      'before the token, which is still read',
      '?clear_access_token=true&access_token=Znew&b=2',
      '?b=2',
      'Znew',
      2,
    ],
    ['after the token', '?access_token=Znew&clear_access_token=true', '', 'Znew', 2],
    ['in the hash', '?a=1#faq&clear_access_token=true', '?a=1#faq', null, 1],
    ['a later copy saying true', '?clear_access_token=no&clear_access_token=true', '', null, 2],
  ])(
    '%s: forget the stored token, and the parameter leaves the address',
    (_label, search, kept, token, removed) => {
      expect(splitAccessToken(`${SITE}/Pricing${search}`)).toEqual({
        token,
        clear: true,
        removed,
        href: `${SITE}/Pricing${kept}`,
      });
    },
  );

  it.each([
    ['false', '?clear_access_token=false&a=1'],
    ['no value', '?clear_access_token&a=1'],
    ['upper case TRUE', '?clear_access_token=TRUE&a=1'],
    ['an empty value', '?clear_access_token=&a=1'],
  ])('any other value (%s) forgets nothing, and still leaves the address', (_label, search) => {
    expect(splitAccessToken(`${SITE}/${search}`)).toEqual({
      token: null,
      clear: false,
      removed: 1,
      href: `${SITE}/?a=1`,
    });
  });

  it('a token that reads "true" is a token, not an order to forget', () => {
    const split = splitAccessToken(`${SITE}/?access_token=true&a=1`);
    expect(split).toEqual({ token: 'true', clear: false, removed: 1, href: `${SITE}/?a=1` });
  });

  it.each([
    ['CLEAR_ACCESS_TOKEN=true'],
    ['clear_access_tokens=true'],
    ['clear-access-token=true'],
    ['xclear_access_token=true'],
  ])('a name that is not clear_access_token once decoded (%s) is neither read nor removed', (segment) => {
    const href = `${SITE}/?${segment}`;
    expect(splitAccessToken(href)).toEqual({ token: null, removed: 0, href });
  });
});

// --- property: any query and hash, with the name spelled any way -------------------------------------------------

const SAFE = 'abcdefghijklmnopqrstuvwxy0123456789-._~!$()*,:@/'.split('');
const other = fc.string({
  unit: fc.constantFrom(...SAFE, '%', '%41', '%5F', '%2B', '+', '%20', '=', 'A'),
  maxLength: 10,
});

/** `access_token` with each character raw or percent-encoded in upper or lower case hex. */
const spelledName = fc
  .array(fc.constantFrom('raw', 'upper', 'lower'), { minLength: 12, maxLength: 12 })
  .map((ways) =>
    [...'access_token']
      .map((char, i) => {
        const hex = char.charCodeAt(0).toString(16);
        return ways[i] === 'raw' ? char : `%${ways[i] === 'upper' ? hex.toUpperCase() : hex}`;
      })
      .join(''),
  );
/** Token values all start with a raw `Z`, which nothing else generated contains. */
const tokenValue = fc
  .string({ unit: fc.constantFrom('a', '9', '-', '+', '%2F', '%20', '%', '.'), maxLength: 12 })
  .map((rest) => `Z${rest}`);
const tokenSegment = fc.oneof(
  fc.tuple(spelledName, tokenValue).map(([name, value]) => `${name}=${value}`),
  spelledName,
);
const nearMiss = fc
  .tuple(
    fc.constantFrom(
      'access_token+',
      'access+token',
      'ACCESS_TOKEN',
      'access_tokens',
      '%2561ccess_token',
      'access_token%00',
      '_access_token',
      'access_token%20',
    ),
    other,
  )
  .map(([name, value]) => `${name}=${value}`);
const otherSegment = fc.oneof(
  fc.tuple(other, other).map(([name, value]) => `${name}=${value}`),
  other,
  fc.constant(''),
  nearMiss,
);
const segments = fc.array(fc.oneof(tokenSegment, otherSegment, otherSegment), { maxLength: 8 });

describe('stripAccessToken: any URL the site sends or shows', () => {
  it('keeps anything it cannot parse, and a URL without the token, as they are', () => {
    expect(stripAccessToken('not a url access_token')).toBe('not a url access_token');
    expect(stripAccessToken('https://a.example/?x=1')).toBe('https://a.example/?x=1');
  });

  it('takes every copy of the token out, however its name is spelled', () => {
    expect(stripAccessToken(`${SITE}/Pricing?access%5Ftoken=Z1&a=1#access_token=Z2`)).toBe(
      `${SITE}/Pricing?a=1`,
    );
  });
});

describe('splitAccessToken: property', () => {
  it('removes exactly what is read as the token (every copy), keeps every other segment byte-for-byte in order', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('/', '/Pricing', '/a%20b/'),
        fc.option(segments, { nil: null }),
        fc.option(fc.tuple(fc.constantFrom('', '/route?'), segments), { nil: null }),
        (path, query, hash) => {
          const queryText = query?.join('&') ?? null;
          const hashParams = hash ? hash[1].join('&') : null;
          const href = new URL(
            `${SITE}${path}${queryText === null ? '' : `?${queryText}`}${hash ? `#${hash[0]}${hashParams}` : ''}`,
          ).href;
          const split = splitAccessToken(href);

          const isToken = (segment: string) => segment !== '' && standardName(segment) === 'access_token';
          const readByStandard = [
            ...(queryText === null ? [] : standardValues(queryText)),
            ...(hashParams === null ? [] : standardValues(hashParams)),
          ];
          expect(split.removed).toBe(readByStandard.length);
          expect(split.token).toBe(readByStandard[0] || null);
          if (split.removed === 0) {
            expect(split.href).toBe(href);
            return;
          }
          // Nothing read as the token is left, in any spelling: the browser's own parser finds none.
          const stripped = new URL(split.href);
          expect(stripped.searchParams.has('access_token')).toBe(false);
          expect(split.href).not.toContain('Z');
          expect(splitAccessToken(split.href).removed).toBe(0);
          // Everything else is there, as it was, in order.
          const keptQuery = (query ?? []).filter((segment) => !isToken(segment)).join('&');
          expect(stripped.search).toBe(keptQuery ? `?${keptQuery}` : '');
          expect(stripped.pathname).toBe(new URL(href).pathname);
          if (hash) {
            const keptHash = hash[1].filter((segment) => !isToken(segment)).join('&');
            const lost = hash[1].some(isToken);
            const expected = !lost
              ? `${hash[0]}${hashParams}`
              : keptHash
                ? `${hash[0]}${keptHash}`
                : hash[0].replace(/\?$/, '');
            expect(stripped.hash).toBe(expected ? `#${expected}` : '');
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});
