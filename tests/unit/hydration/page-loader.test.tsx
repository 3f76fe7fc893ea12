/**
 * The page loader (src/hydration/page-loader.ts): a page's chunk and the code of the regions it declared, except
 * those the prerendered HTML holds; failures that stay failed until forgotten.
 */
import type { ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
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
});
