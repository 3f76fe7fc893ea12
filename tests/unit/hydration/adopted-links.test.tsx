/**
 * Links in adopted regions (src/hydration/adopted-links.ts): only plain clicks on links inside a region adopted from the
 * prerendered HTML are routed; every other link is React's or the browser's; nothing is routed once the app is gone.
 */
import { renderHook } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { useAdoptedRegionLinks } from '../../../src/hydration/index.ts';
import { adoptServerRegions } from '../../../src/hydration/region.tsx';

afterEach(() => {
  document.body.replaceChildren();
});

/** Clicks `link` as the visitor does; true when the browser would still follow it (nothing prevented it). */
function click(link: Element): boolean {
  return link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
}

function pageWithLinks() {
  const html = document.createElement('div');
  html.innerHTML =
    '<div data-region="adopted-links-test"><a href="/Pricing">In the region</a></div>' +
    '<div data-region=""><a href="/Process">In a frame with no name</a></div>' +
    '<a href="/Results">Outside</a>';
  document.body.append(html);
  adoptServerRegions(html);
  const [inside, unnamed, outside] = [...html.querySelectorAll('a')];
  if (!inside || !unnamed || !outside) throw new Error('links missing');
  return { inside, unnamed, outside };
}

it('routes a plain click on a link in an adopted region, and no other link', () => {
  const { inside, unnamed, outside } = pageWithLinks();
  const follow = vi.fn(() => true);
  renderHook(() => useAdoptedRegionLinks(follow));
  expect(click(outside)).toBe(true);
  expect(click(unnamed)).toBe(true);
  expect(follow).not.toHaveBeenCalled();
  expect(click(inside)).toBe(false);
  expect(follow).toHaveBeenCalledWith(inside);
});

it('routes nothing once the app has unmounted', () => {
  const { inside } = pageWithLinks();
  const follow = vi.fn(() => true);
  const { unmount } = renderHook(() => useAdoptedRegionLinks(follow));
  unmount();
  expect(click(inside)).toBe(true);
  expect(follow).not.toHaveBeenCalled();
});
