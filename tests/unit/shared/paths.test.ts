import { describe, expect, it } from 'vitest';
import { pageNameForPath, pageNames, paths } from '../../../src/shared/navigation/paths.ts';

describe('pageNameForPath', () => {
  it('maps / and /Index to Index', () => {
    expect(pageNameForPath('/')).toBe('Index');
    expect(pageNameForPath('/Index')).toBe('Index');
    expect(pageNameForPath('/index/')).toBe('Index');
  });

  it('matches every page name case-insensitively', () => {
    for (const name of pageNames) {
      expect(pageNameForPath(paths[name])).toBe(name);
      expect(pageNameForPath(`/${name.toLowerCase()}`)).toBe(name);
      expect(pageNameForPath(`/${name.toUpperCase()}/`)).toBe(name);
    }
  });

  it('answers null for any other path', () => {
    for (const path of ['/nope', '/Pricing/extra', '/Pricing.html', 'Pricing', '//evil.com', '/%2e%2e']) {
      expect(pageNameForPath(path)).toBeNull();
    }
  });
});
