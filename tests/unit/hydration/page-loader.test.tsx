/**
 * The page loader (src/hydration/page-loader.ts): a page's chunk and the code of the regions it declared, except
 * those the prerendered HTML holds; failures that stay failed until forgotten.
 */
import type { ComponentType } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageLoader, region, type StaticRegion } from '../../../src/hydration/index.ts';
import { adoptServerRegions } from '../../../src/hydration/region.tsx';

const Page: ComponentType = () => null;
const Content: ComponentType = () => null;

describe('pageLoader', () => {
  it("loads a page's chunk, then the code of the regions the chunk declared, except those the HTML holds", async () => {
    const loadA = vi.fn(async () => Content);
    const loadB = vi.fn(async () => Content);
    let declared: StaticRegion[] = [];
    const pages = pageLoader({
      // As a page chunk does when it is evaluated: declare its regions, once.
      first: async () => {
        if (!declared.length) {
          declared = [
            region({ page: 'first', part: 'a' }, loadA),
            region({ page: 'first', part: 'b' }, loadB),
          ];
        }
        return Page;
      },
    });
    const html = document.createElement('div');
    html.innerHTML = '<div data-region="first-b"><p>adopted</p></div>';
    adoptServerRegions(html);

    expect(pages.loadedPage('first')).toBeUndefined();
    expect(await pages.loadPage('first')).toBe(Page);
    expect(loadA).toHaveBeenCalledTimes(1);
    expect(loadB).not.toHaveBeenCalled();
    expect(pages.loadedPage('first')).toBe(Page);
  });

  it('keeps a failed page failed (no retry loop) until its failures are forgotten', async () => {
    const chunk = vi.fn<() => Promise<ComponentType>>();
    chunk.mockRejectedValueOnce(new Error('Loading chunk page-broken failed')).mockResolvedValue(Page);
    const pages = pageLoader({ broken: chunk });
    await expect(pages.loadPage('broken')).rejects.toThrow('Loading chunk page-broken failed');
    await expect(pages.loadPage('broken')).rejects.toThrow('Loading chunk page-broken failed');
    expect(chunk).toHaveBeenCalledTimes(1);

    pages.forgetFailedPages();
    expect(await pages.loadPage('broken')).toBe(Page);
    expect(chunk).toHaveBeenCalledTimes(2);
  });

  it("loads the layout's regions with every page", async () => {
    const loadLayout = vi.fn(async () => Content);
    region({ layout: 'test-layout' }, loadLayout);
    const pages = pageLoader({ plain: async () => Page });
    await pages.loadPage('plain');
    expect(loadLayout).toHaveBeenCalledTimes(1);
  });

  it('loads a page again once one of its regions is no longer ready, once, and keeps a failed reload failed', async () => {
    const chunk = vi.fn(async () => Page);
    const place = { page: 'growing' };
    const pages = pageLoader({ growing: chunk });
    expect(await pages.loadPage('growing')).toBe(Page);
    expect(await pages.loadPage('growing')).toBe(Page);
    expect(pages.loadedPage('growing')).toBe(Page);
    expect(chunk).toHaveBeenCalledTimes(1);

    // A region of the page whose code is not there (as when its adopted HTML has left the page).
    const loadLate = vi.fn(async () => Content);
    region({ ...place, part: 'late' }, loadLate);
    expect(pages.loadedPage('growing')).toBeUndefined();
    const again = pages.loadPage('growing');
    // Asked again while that load runs: the same load.
    expect(pages.loadPage('growing')).toBe(again);
    expect(await again).toBe(Page);
    expect(chunk).toHaveBeenCalledTimes(2);
    expect(loadLate).toHaveBeenCalledTimes(1);
    expect(pages.loadedPage('growing')).toBe(Page);

    const failing = vi.fn(async (): Promise<ComponentType> => {
      throw new Error('Loading chunk content-growing-later failed');
    });
    region({ ...place, part: 'later' }, failing);
    await expect(pages.loadPage('growing')).rejects.toThrow('content-growing-later');
    await expect(pages.loadPage('growing')).rejects.toThrow('content-growing-later');
    expect(chunk).toHaveBeenCalledTimes(3);
    expect(failing).toHaveBeenCalledTimes(1);
  });
});

/** A browser without `requestIdleCallback` (Safari's default). */
function withoutIdleCallbacks() {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(window, 'requestIdleCallback');
}

describe('prefetchPages', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("warms every page's chunk 4 s after the start, when the browser is idle (or at once without idle callbacks)", async () => {
    vi.useFakeTimers();
    const idle: { run: () => void; options?: IdleRequestOptions }[] = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void, options?: IdleRequestOptions) => {
      idle.push({ run, options });
      return idle.length;
    });
    const first = vi.fn(async () => Page);
    const second = vi.fn(async () => Page);
    const pages = pageLoader({ first, second });
    pages.prefetchPages();
    vi.advanceTimersByTime(3999);
    expect(idle).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(idle).toHaveLength(1);
    expect(idle[0]?.options).toEqual({ timeout: 4000 });
    expect(first).not.toHaveBeenCalled();
    idle[0]?.run();
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);

    withoutIdleCallbacks();
    const third = vi.fn(async () => Page);
    pageLoader({ third }).prefetchPages();
    vi.advanceTimersByTime(4000);
    expect(third).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed prefetch at once: the visit to that page tries the network again', async () => {
    vi.useFakeTimers();
    withoutIdleCallbacks();
    const chunk = vi.fn<() => Promise<ComponentType>>();
    chunk.mockRejectedValueOnce(new Error('offline')).mockResolvedValue(Page);
    const pages = pageLoader({ flaky: chunk });
    pages.prefetchPages();
    await vi.advanceTimersByTimeAsync(4000);
    expect(chunk).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
    expect(await pages.loadPage('flaky')).toBe(Page);
    expect(chunk).toHaveBeenCalledTimes(2);
  });
});
