/**
 * The first paint is the final paint (issue 24): every page paints its first screen from its HTML alone (the CSS of
 * that screen inline, scripts/critical-css.mjs), requests nothing before that paint, loads the full stylesheet after
 * it (src/entries/boot-script.ts) without changing a pixel of the first screen or shifting anything, and keeps that
 * stylesheet cached from page to page.
 */
import { createHash } from 'node:crypto';
import type { Locator, Page, Route } from '@playwright/test';
import { cspDirective } from '../../support/csp-directive.ts';
import { pagePaths } from '../../support/page-paths.ts';
import { waitForHydration } from '../support/hydration.ts';
import { expect, test } from '../support/test.ts';

const PAGES = Object.values(pagePaths);

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
];

const STYLESHEET = /\/assets\/styles\.[0-9a-f]+\.css$/;

const abort = (route: Route) => route.abort();

/** Whether the full stylesheet is in the document, loaded (a failed load leaves an empty sheet). */
const hasFullStylesheet = (page: Page) =>
  page.evaluate(() =>
    [...document.styleSheets].some((sheet) => {
      try {
        return /\/assets\/styles\./.test(sheet.href ?? '') && sheet.cssRules.length > 0;
      } catch {
        return false;
      }
    }),
  );

test('before the first paint, no page requests anything but its document', async ({ page }) => {
  for (const path of PAGES) {
    await page.goto(path);
    const early = await page.evaluate(() => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
      return {
        paint,
        requests: performance
          .getEntriesByType('resource')
          .filter((entry) => entry.startTime < paint)
          .map((entry) => entry.name),
        all: performance.getEntriesByType('resource').map((entry) => entry.name),
      };
    });
    expect(early.paint, path).toBeGreaterThan(0);
    expect(early.requests, path).toEqual([]);
    // The stylesheet and the scripts did load, after the paint.
    expect(
      early.all.some((name) => STYLESHEET.test(name)),
      path,
    ).toBe(true);
    expect(
      early.all.some((name) => /\/assets\/main\.[0-9a-f]+\.js$/.test(name)),
      path,
    ).toBe(true);
  }
});

test('no page builds a picture: no <img> anywhere, and the avatars (hero and testimonials) are drawn inline', async ({
  page,
}) => {
  // A picture in an <img> (an SVG file or a `data:` URL alike) is a document the browser builds, before the first
  // paint when it is in the first screen; inline shapes are styled and painted with the page.
  for (const path of PAGES) {
    const html = await (await page.request.get(path)).text();
    expect(html.match(/<img\b[^>]*>/g) ?? [], path).toEqual([]);
  }
  // The hero draws three (the first testimonials'); the testimonials' cards one each, however many there are.
  const inlineAvatars = async (scope: Locator, size: number, count: number) => {
    await expect(scope).toHaveCount(count);
    for (const avatar of await scope.all()) {
      await expect(avatar).toHaveAttribute('aria-hidden', 'true');
      await expect(avatar).toHaveAttribute('viewBox', '0 0 96 96');
      expect(await avatar.evaluate((svg) => svg.childElementCount)).toBeGreaterThan(5);
      expect(await avatar.boundingBox()).toMatchObject({ width: size, height: size });
    }
  };
  await page.goto(pagePaths.Index);
  const hero = page.locator('section').filter({ has: page.locator('#hero-title') });
  await inlineAvatars(hero.locator('li').first().locator('svg'), 28, 3);
  await page.goto(pagePaths.Results);
  const cards = await page.getByTestId('testimonial').count();
  expect(cards).toBeGreaterThanOrEqual(3);
  await inlineAvatars(page.getByTestId('testimonial').locator('figcaption svg'), 48, cards);
  await expect(page.locator('img')).toHaveCount(0);
});

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.width} px wide`, () => {
    test.use({ viewport, reducedMotion: 'reduce' });

    test('every first screen is the same with its inlined CSS alone as with the full stylesheet', async ({
      browser,
    }) => {
      test.setTimeout(90_000);
      // The scripts stay away in both shots: only the CSS differs between them.
      const shoot = async (path: string, fullStylesheet: boolean) => {
        const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
        const page = await context.newPage();
        await page.route('**/assets/*.js', abort);
        if (!fullStylesheet) await page.route(STYLESHEET, abort);
        await page.goto(path, { waitUntil: 'load' });
        if (fullStylesheet) await expect.poll(() => hasFullStylesheet(page)).toBe(true);
        else expect(await hasFullStylesheet(page)).toBe(false);
        await page.evaluate(
          () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
        );
        const shot = await page.screenshot();
        await context.close();
        return shot;
      };
      for (const path of PAGES) {
        const inlined = await shoot(path, false);
        const full = await shoot(path, true);
        expect(
          inlined.equals(full),
          `${path}: the first screen changed when the full stylesheet arrived`,
        ).toBe(true);
      }
    });

    test('nothing shifts from the first paint to the live page', async ({ page }) => {
      // The 404 page is prerendered once for every missing path and writes the path in after hydration: its text
      // changes then, whatever the CSS (and it is not one of the routes the benchmark measures).
      const pages = PAGES.filter((path) => path !== pagePaths.NotFound);
      await page.addInitScript(() => {
        const shifts: number[] = [];
        (window as unknown as { __shifts: number[] }).__shifts = shifts;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as Array<{
            value: number;
            hadRecentInput: boolean;
          }>)
            if (!entry.hadRecentInput) shifts.push(entry.value);
        }).observe({ type: 'layout-shift', buffered: true });
      });
      for (const path of pages) {
        await page.goto(path);
        await waitForHydration(page);
        await page.waitForTimeout(200);
        expect(
          await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts),
          path,
        ).toEqual([]);
      }
    });
  });
}

test("each page's policy allows exactly its own inline script and style, by hash", async ({ request }) => {
  const hash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
  for (const path of PAGES) {
    const response = await request.get(path);
    const html = await response.text();
    const policy = response.headers()['content-security-policy'] ?? '';
    const scripts = [
      ...html.matchAll(
        /<script(?![^>]*\ssrc=)(?![^>]*\stype="application\/ld\+json")[^>]*>([\s\S]*?)<\/script>/g,
      ),
    ];
    const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)];
    expect(scripts, path).toHaveLength(1);
    expect(styles, path).toHaveLength(1);
    expect(cspDirective(policy, 'script-src'), path).toEqual(["'self'", hash(scripts[0]?.[1] ?? '')]);
    expect(cspDirective(policy, 'style-src'), path).toEqual(["'self'", hash(styles[0]?.[1] ?? '')]);
  }
});

test('the full stylesheet comes from the cache on the next page', async ({ page }) => {
  await page.goto('/');
  await page.goto('/Pricing');
  const entry = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => e as PerformanceResourceTiming)
      .find((e) => /\/assets\/styles\./.test(e.name)),
  );
  expect(entry).toBeDefined();
  // Served from the browser's cache: nothing crossed the network.
  expect(entry?.transferSize).toBe(0);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the page still gets the full stylesheet (the <noscript> link)', async ({ page }) => {
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await page.waitForLoadState('load');
    expect(await hasFullStylesheet(page)).toBe(true);
    // The footer, below the first screen, is styled by the full stylesheet only.
    const footer = page.getByRole('contentinfo');
    expect(await footer.evaluate((element) => getComputedStyle(element).backgroundColor)).not.toBe(
      'rgba(0, 0, 0, 0)',
    );
  });
});
