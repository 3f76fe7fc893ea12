/** Page names from paths (src/shared/navigation/paths.ts): the page a path opens, whatever its case and slashes. */
import { describe, expect, it } from 'vitest';
import { pageNameForPath, pageNames, paths } from '../../../../src/shared/navigation/paths.ts';

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

  it('only slashes is the home page, and trailing slashes of a page are ignored', () => {
    expect(pageNameForPath('///')).toBe('Index');
    expect(pageNameForPath('/process//')).toBe('Process');
  });

  it('a path without its leading slash names no page', () => {
    expect(pageNameForPath('xpricing')).toBeNull();
    expect(pageNameForPath('Pricing')).toBeNull();
    expect(pageNameForPath('/pricing')).toBe('Pricing');
  });

  it('answers null for any other path', () => {
    for (const path of ['/nope', '/Pricing/extra', '/Pricing.html', 'Pricing', '//evil.com', '/%2e%2e']) {
      expect(pageNameForPath(path)).toBeNull();
    }
  });
});
