/**
 * Nothing moves sideways when a page's height crosses the window's, where scrollbars take room (Windows, Linux):
 * src/styles/standalone.css keeps the vertical scrollbar there. A first paint can come before the browser has parsed
 * the whole page: the part parsed is shorter than the window, so it had no scrollbar, and the content centred on the
 * page moved by half a scrollbar when the rest arrived (a layout shift of 0.002 that Lighthouse measured on
 * /PaymentSuccess at 1350 px wide).
 */
import { CHROMIUM_ARGS, PLAYWRIGHT_CHROMIUM } from '../../../config/chromium.mjs';
import { pagePaths } from '../../support/page-paths.ts';
import { expect, test } from '../support/test.ts';

const PAGES = Object.values(pagePaths);

/** One element of a layout shift (the Layout Instability API; not in TypeScript's DOM types yet). */
interface LayoutShiftSource {
  node: Node | null;
  previousRect: DOMRectReadOnly;
  currentRect: DOMRectReadOnly;
}

// Playwright hides scrollbars in headless runs; this browser draws them as a desktop one on Windows or Linux does.
test.use({
  viewport: { width: 1350, height: 940 },
  launchOptions: {
    executablePath: PLAYWRIGHT_CHROMIUM,
    args: CHROMIUM_ARGS,
    ignoreDefaultArgs: ['--hide-scrollbars'],
  },
});

test('nothing moves sideways when a page is shorter than the window, as at a first paint made before the browser has parsed the whole page', async ({
  page,
}) => {
  for (const path of PAGES) {
    await page.goto(path);
    const result = await page.evaluate(async () => {
      const frame = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      const root = document.documentElement;
      const heading = document.querySelector('main h1');
      if (!heading) throw new Error('no heading');
      // Layout shifts whose elements moved sideways (hiding and showing the rest moves things up and down).
      const sideways: string[] = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { sources: LayoutShiftSource[] })[]) {
          for (const source of entry.sources) {
            const dx = source.currentRect.x - source.previousRect.x;
            if (dx !== 0)
              sideways.push(
                `${source.node?.nodeName ?? '?'}.${(source.node as Element | null)?.className ?? ''} by ${dx} px (${source.previousRect.x},${source.previousRect.y},${source.previousRect.width}x${source.previousRect.height} -> ${source.currentRect.x},${source.currentRect.y},${source.currentRect.width}x${source.currentRect.height})`,
              );
          }
        }
      }).observe({ type: 'layout-shift' });
      // Whether this browser's scrollbars take room at all (a scratch box that always scrolls).
      const probe = document.createElement('div');
      probe.style.cssText = 'position:absolute;top:0;width:100px;height:50px;overflow:scroll';
      document.body.append(probe);
      const scrollbar = probe.offsetWidth - probe.clientWidth;
      probe.remove();
      // The page taller than the window (a spacer after it), then shorter: only the heading and the elements around
      // it, as the window holds a page whose end the browser has not parsed yet.
      const spacer = document.createElement('div');
      spacer.style.cssText = `height:${2 * window.innerHeight}px`;
      document.body.append(spacer);
      await frame();
      const long = { x: heading.getBoundingClientRect().x, height: root.scrollHeight };
      spacer.remove();
      const rest: HTMLElement[] = [];
      for (
        let node: Element = heading;
        node.parentElement && node !== document.body;
        node = node.parentElement
      ) {
        for (const sibling of node.parentElement.children) {
          if (sibling !== node && sibling instanceof HTMLElement && !sibling.hidden) rest.push(sibling);
        }
      }
      for (const element of rest) element.hidden = true;
      await frame();
      const short = { x: heading.getBoundingClientRect().x, height: root.scrollHeight };
      for (const element of rest) element.hidden = false;
      await frame();
      return { scrollbar, long, short, window: window.innerHeight, sideways };
    });
    // The test means something only where scrollbars take room, the page is first taller than the window, then not.
    expect(result.scrollbar, path).toBeGreaterThan(0);
    expect(result.long.height, path).toBeGreaterThan(result.window);
    expect(result.short.height, path).toBeLessThanOrEqual(result.window);
    expect(result.short.x, path).toBe(result.long.x);
    expect(result.sideways, path).toEqual([]);
  }
});
