/** Page names from paths (src/shared/navigation/paths.ts) and plain link clicks (plain-click.ts). */
import { describe, expect, it } from 'vitest';
import { pageNameForPath } from '../../../src/shared/navigation/paths.ts';
import { isPlainLinkClick } from '../../../src/shared/navigation/plain-click.ts';

const click = {
  defaultPrevented: false,
  button: 0,
  metaKey: false,
  ctrlKey: false,
  shiftKey: false,
  altKey: false,
};

describe('pageNameForPath (kills)', () => {
  it('a path without its leading slash names no page', () => {
    expect(pageNameForPath('xpricing')).toBeNull();
    expect(pageNameForPath('Pricing')).toBeNull();
    expect(pageNameForPath('/pricing')).toBe('Pricing');
  });

  it('only slashes is the home page', () => {
    expect(pageNameForPath('///')).toBe('Index');
    expect(pageNameForPath('/process//')).toBe('Process');
  });
});

describe('isPlainLinkClick (kills)', () => {
  it('a click on a download link is left to the browser', () => {
    const anchor = document.createElement('a');
    anchor.href = '/brochure.pdf';
    expect(isPlainLinkClick(click, anchor)).toBe(true);
    anchor.setAttribute('download', '');
    expect(isPlainLinkClick(click, anchor)).toBe(false);
  });
});
