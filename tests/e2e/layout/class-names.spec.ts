/**
 * The production site names Tailwind's classes by short names (scripts/class-names.mjs): in its stylesheet, its
 * scripts and its prerendered pages alike. A class list the renaming missed would lose its styles; so every class on
 * every page, as prerendered, once live and with the mobile menu open, must be one the stylesheet defines, and none
 * may still be a Tailwind name with a dash, colon, slash or bracket in it.
 */
import type { Page } from '@playwright/test';
import { stylesheetClassNames } from '../../../scripts/class-names.mjs';
import { pagePaths } from '../../support/page-paths.ts';
import { waitForHydration } from '../support/hydration.ts';
import { expect, test } from '../support/test.ts';

test.use({ viewport: { width: 390, height: 844 } });

/** The class names the page's full stylesheet defines. */
async function stylesheetClasses(page: Page): Promise<Set<string>> {
  const href = await page.evaluate(
    () => document.querySelector<HTMLScriptElement>('script[data-styles]')?.dataset.styles ?? '',
  );
  expect(href).toMatch(/^\/assets\/styles\.[0-9a-f]+\.css$/);
  return stylesheetClassNames(await (await page.request.get(href)).text());
}

/** Every class on the page's elements (SVG ones too). */
const pageClasses = (page: Page) =>
  page.evaluate(() => [
    ...new Set(
      [...document.querySelectorAll('[class]')].flatMap((element) =>
        (element.getAttribute('class') ?? '').split(/\s+/).filter(Boolean),
      ),
    ),
  ]);

function expectDefined(classes: string[], defined: Set<string>, where: string) {
  expect(classes.length, where).toBeGreaterThan(20);
  expect(
    classes.filter((name) => !defined.has(name)),
    `${where}: classes the stylesheet does not define`,
  ).toEqual([]);
  expect(
    classes.filter((name) => /[-:/[\]]/.test(name)),
    `${where}: Tailwind names left as they are`,
  ).toEqual([]);
}

test('every class of every page is a short name the stylesheet defines, prerendered and live', async ({
  page,
  browser,
}) => {
  // Prerendered: as the HTML arrives, no script run.
  const still = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const stillPage = await still.newPage();
  for (const path of Object.values(pagePaths)) {
    await stillPage.goto(path);
    expectDefined(await pageClasses(stillPage), await stylesheetClasses(stillPage), `${path}, prerendered`);
  }
  await still.close();

  for (const path of Object.values(pagePaths)) {
    await page.goto(path);
    await waitForHydration(page);
    const defined = await stylesheetClasses(page);
    expectDefined(await pageClasses(page), defined, `${path}, live`);
    if (path === pagePaths.Index) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
      expectDefined(await pageClasses(page), defined, `${path}, menu open`);
    }
  }
});
