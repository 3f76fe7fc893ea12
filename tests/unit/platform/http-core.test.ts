import { describe, expect, it } from 'vitest';
import { resolveLocation } from '../../../src/platform/http-core.ts';

describe('HTTP core: the location X-Origin-URL is read from, in a browser', () => {
  it('falls back on window.location when no location is given, and sends none when told null', () => {
    expect(resolveLocation(undefined)).toBe(window.location);
    expect(resolveLocation(null)).toBeNull();
    const given = { href: 'https://site.example/given' };
    expect(resolveLocation(given)).toBe(given);
  });
});
