/**
 * `useScrollToTopOnNavigate` (src/app/hooks/use-scroll-to-top.ts): a client-side navigation starts the new page at its
 * top, as a full load does; the first render does not scroll, nor does a navigation to an anchor (`#hash`).
 */
import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { useScrollToTopOnNavigate } from '../../../../src/app/hooks/use-scroll-to-top.ts';

function ScrollToTop() {
  useScrollToTopOnNavigate();
  return null;
}

/** The site at `path`; `scrolls` records every `window.scrollTo` call. */
function openAt(path: string) {
  const scrolls: unknown[][] = [];
  vi.spyOn(window, 'scrollTo').mockImplementation((...args: unknown[]) => void scrolls.push(args));
  const memory = memoryLocation({ path, record: true });
  const view = render(
    <Router hook={memory.hook}>
      <ScrollToTop />
    </Router>,
  );
  return {
    scrolls,
    navigate: (to: string) => act(() => memory.navigate(to)),
    rerender: () =>
      view.rerender(
        <Router hook={memory.hook}>
          <ScrollToTop />
        </Router>,
      ),
  };
}

beforeEach(() => {
  window.history.replaceState(null, '', '/');
});
afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('useScrollToTopOnNavigate', () => {
  it('does not scroll on the first render, nor on a render without navigation', () => {
    const site = openAt('/Pricing');
    site.rerender();
    expect(site.scrolls).toEqual([]);
  });

  it('scrolls to the top on every navigation, there and back', async () => {
    const site = openAt('/Pricing');
    await site.navigate('/Results');
    expect(site.scrolls).toEqual([[0, 0]]);
    await site.navigate('/Pricing');
    expect(site.scrolls).toEqual([
      [0, 0],
      [0, 0],
    ]);
    site.rerender();
    expect(site.scrolls).toHaveLength(2);
  });

  it('leaves the scroll to the browser when the address names an anchor', async () => {
    const site = openAt('/Pricing');
    window.history.replaceState(null, '', '/#contact');
    await site.navigate('/');
    expect(site.scrolls).toEqual([]);
  });
});
