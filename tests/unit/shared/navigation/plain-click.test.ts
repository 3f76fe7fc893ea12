/** Which link clicks the site routes itself (src/shared/navigation/plain-click.ts); the browser keeps the rest. */
import { describe, expect, it } from 'vitest';
import { isPlainLinkClick } from '../../../../src/shared/navigation/plain-click.ts';

const click = {
  defaultPrevented: false,
  button: 0,
  metaKey: false,
  ctrlKey: false,
  shiftKey: false,
  altKey: false,
};

describe('isPlainLinkClick', () => {
  it.each([
    ['another button than the main one', { button: 1 }],
    ['Ctrl held (a new tab)', { ctrlKey: true }],
    ['Cmd held (a new tab)', { metaKey: true }],
    ['Shift held (a new window)', { shiftKey: true }],
    ['Alt held (a download)', { altKey: true }],
    ['a click another handler already took', { defaultPrevented: true }],
  ])('%s is left to the browser', (_label, change) => {
    const anchor = document.createElement('a');
    anchor.href = '/';
    expect(isPlainLinkClick(click, anchor)).toBe(true);
    expect(isPlainLinkClick({ ...click, ...change }, anchor)).toBe(false);
  });

  it('a click on a link that opens in another tab or frame is left to the browser', () => {
    const anchor = document.createElement('a');
    anchor.href = '/';
    anchor.target = '_blank';
    expect(isPlainLinkClick(click, anchor)).toBe(false);
  });

  it('a click on a download link is left to the browser', () => {
    const anchor = document.createElement('a');
    anchor.href = '/brochure.pdf';
    expect(isPlainLinkClick(click, anchor)).toBe(true);
    anchor.setAttribute('download', '');
    expect(isPlainLinkClick(click, anchor)).toBe(false);
  });
});
