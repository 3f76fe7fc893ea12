/**
 * Lucide's icons take their stroke from one rule of the stylesheet (`site-icon`, src/styles/theme.css) instead of five
 * attributes each: on the first paint (the CSS inlined in the page) and once live, an icon is drawn unfilled, in the
 * text's colour, 2 units wide with round ends, and a class on an icon (the rating's filled star) still wins.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';

const strokeOf = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((svg) => {
      const style = getComputedStyle(svg);
      return {
        fill: style.fill,
        stroke: style.stroke,
        color: style.color,
        width: style.strokeWidth,
        cap: style.strokeLinecap,
        join: style.strokeLinejoin,
      };
    });

test('icons are stroked by the stylesheet, before and after it loads; a class on an icon wins', async ({
  page,
}) => {
  // The first paint's CSS only: the full stylesheet never arrives.
  await page.route('**/assets/styles.*.css', (route) => route.abort());
  await page.goto('/');
  const arrow = 'a[href="/#contact"] svg';
  for (const live of [false, true]) {
    if (live) {
      await page.unroute('**/assets/styles.*.css');
      await page.reload();
      await page.waitForFunction(() =>
        [...document.styleSheets].some((sheet) => /\/assets\/styles\./.test(sheet.href ?? '')),
      );
    }
    const icon = await strokeOf(page, arrow);
    expect(icon, live ? 'live' : 'first paint').toEqual({
      fill: 'none',
      stroke: icon.color,
      color: icon.color,
      width: '2px',
      cap: 'round',
      join: 'round',
    });
    const star = await strokeOf(page, 'section[aria-labelledby="hero-title"] li:nth-child(2) svg');
    expect(star.fill).not.toBe('none');
  }
});
