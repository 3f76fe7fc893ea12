/** Accessibility and layout of every page, on a desktop and a phone: axe, headings, images, overflow, hit areas. */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../support/test.ts';
import { openPage, pagePaths } from './page-helpers.ts';

const viewports = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'mobile', width: 390, height: 844 },
] as const;

for (const [name, path] of Object.entries(pagePaths)) {
  test(`${name}: no serious or critical axe violation at 1440x900 and 390x844; one h1; headings in order; sized images; no inline styles`, async ({
    page,
  }) => {
    for (const viewport of viewports) {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await openPage(page, path);
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      const serious = results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map(
          (violation) =>
            `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
        );
      expect(serious, viewport.name).toEqual([]);
    }

    await expect(page.locator('h1')).toHaveCount(1);
    const levels = await page
      .locator('main h1, main h2, main h3, main h4')
      .evaluateAll((nodes) => nodes.map((node) => Number(node.tagName.slice(1))));
    for (let index = 1; index < levels.length; index++) {
      expect(levels[index]! - levels[index - 1]!).toBeLessThanOrEqual(1);
    }
    const unsized = await page
      .locator('img')
      .evaluateAll((images) =>
        images
          .filter((img) => !img.getAttribute('width') || !img.getAttribute('height'))
          .map((img) => img.outerHTML),
      );
    expect(unsized).toEqual([]);

    // The CSP is style-src 'self': markup carries no style attributes.
    await expect(page.locator('main [style]')).toHaveCount(0);
  });
}

test('no page scrolls sideways at 320 px, and controls in main are at least 44 px tall on a phone', async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 700 });
  for (const path of Object.values(pagePaths)) {
    await openPage(page, path);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(320);
    const small = await page
      .locator('main a, main button, main summary, main input, main textarea')
      .evaluateAll((nodes) =>
        nodes
          .filter((node) => {
            const box = node.getBoundingClientRect();
            return box.width > 0 && box.height < 44;
          })
          .map((node) => `${node.tagName} ${node.textContent?.trim().slice(0, 30)}`),
      );
    expect(small, path).toEqual([]);
  }
});
