/** The launch query's other values (src/platform/launch-params.ts): the `server_url` allow-list and the id shape. */
import { describe, expect, it } from 'vitest';
import { isValidId, normalizeServerUrl } from '../../../src/platform/index.ts';

describe('normalizeServerUrl', () => {
  const allowList = ['https://api.example.com', 'http://127.0.0.1:4400/'];
  it.each([
    ['https://api.example.com', 'https://api.example.com'],
    ['https://api.example.com/some/path?x=1', 'https://api.example.com'],
    ['http://127.0.0.1:4400', 'http://127.0.0.1:4400'],
  ])('accepts %s', (value, expected) => {
    expect(normalizeServerUrl(value, allowList)).toBe(expected);
  });

  it.each([
    'https://evil.example',
    'https://api.example.com.evil.example',
    'https://api.example.com@evil.example',
    'http://api.example.com',
    'javascript:alert(1)',
    '//api.example.com',
    '',
    null,
    undefined,
    'not a url',
  ])('rejects %s', (value) => {
    expect(normalizeServerUrl(value, allowList)).toBeNull();
  });
});

describe('isValidId', () => {
  it.each(['local-app', 'A_b-9', 'x'.repeat(64), '69a0f1c2e3d4b5a6c7d8e9f0'])('accepts %s', (value) => {
    expect(isValidId(value)).toBe(true);
  });
  it.each(['', '../x', '%2e%2e%2f', 'a?b', 'a#b', 'a/b', 'a b', 'x'.repeat(65), 42, null])(
    'rejects %s',
    (value) => {
      expect(isValidId(value)).toBe(false);
    },
  );
});

describe('normalizeServerUrl: the edges', () => {
  it('an allow-list entry written with trailing slashes still names its origin', () => {
    expect(normalizeServerUrl('https://api.example.com/x', ['https://api.example.com//'])).toBe(
      'https://api.example.com',
    );
  });

  it('a blob: URL, whose origin is the one inside it, is refused by its scheme', () => {
    expect(
      normalizeServerUrl('blob:https://api.example.com/0b5e0e68', ['https://api.example.com']),
    ).toBeNull();
  });
});
