#!/usr/bin/env node
/**
 * `npm run screenshots`: every page full-page at 390x844 (phone) and 1440x900 (desktop) into `screenshots/`
 * (git-ignored), plus an overflow check at 320 px wide that fails when a page scrolls sideways.
 * The pages are those of the build in dist/ (scripts/bench-support.mjs, `builtPages`).
 * Needs the site running (`npm start`, or `node scripts/start.mjs --no-build` after a build). SCREENSHOT_BASE_URL
 * overrides the address (default http://localhost:4401). `--baseline <dir>` then compares every screenshot with the
 * one of the same name in `<dir>` pixel by pixel, and fails on any changed pixel (scripts/compare-screenshots.mjs).
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS } from '../config/chromium.mjs';
import { builtPages } from './bench-support.mjs';
import { compareScreenshots } from './compare-screenshots.mjs';

const root = resolve(import.meta.dirname, '..');
const outDir = resolve(root, 'screenshots');
const baseUrl = process.env.SCREENSHOT_BASE_URL ?? 'http://localhost:4401';

/**
 * The query a page shows its content with (the payment provider returns to PaymentSuccess with the session's id);
 * other pages are opened at their path.
 */
const OPENED_WITH = { PaymentSuccess: '?session_id=cs_test_a1b2c3d4e5f6g7h8i9j0' };

/** `PaymentSuccess` → `payment-success`: the screenshot's file name. */
const fileName = (name) => name.replace(/(?<=[a-z0-9])(?=[A-Z])/g, '-').toLowerCase();

// Every page of the build on disk (the one `npm start` serves): a new page is screenshotted without a change here.
const pages = builtPages().map((page) => ({
  name: fileName(page.name),
  path: `${page.path}${OPENED_WITH[page.name] ?? ''}`,
}));

const viewports = [
  { name: 'mobile', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
];

const overflowWidth = 320;
const { baseline } = parseArgs({ options: { baseline: { type: 'string' } } }).values;
const baselineDir = baseline === undefined ? null : resolve(baseline);

/**
 * Lays out every section (the site lays out below-the-fold sections as they come into view: a full-page capture would
 * show them blank), scrolls through the page so that lazy images load, then back to the top.
 */
async function settle(page) {
  await page.evaluate(async () => {
    document.documentElement.dataset.layoutAll = '';
    const step = window.innerHeight;
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      window.scrollTo(0, y);
      await new Promise((done) => setTimeout(done, 30));
    }
    window.scrollTo(0, 0);
  });
  await page.evaluate(() =>
    Promise.all([...document.images].map((img) => img.decode().catch(() => undefined))),
  );
  await page.waitForTimeout(150);
}

async function main() {
  mkdirSync(outDir, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const overflowing = [];
  const shots = [];
  let changes = [];
  try {
    for (const viewport of viewports) {
      const context = await browser.newContext({
        viewport: { width: viewport.width, height: viewport.height },
        deviceScaleFactor: 1,
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      for (const { name, path } of pages) {
        await page.goto(new URL(path, baseUrl).href, { waitUntil: 'networkidle' });
        // Pages load their scripts after the first paint (src/entries/boot-script.ts): shoot the live page.
        await page.waitForSelector('html[data-hydrated="true"]');
        await settle(page);
        const file = resolve(outDir, `${name}-${viewport.name}.png`);
        await page.screenshot({ path: file, fullPage: true });
        shots.push(file);
        console.log(`[screenshots] ${file}`);
      }
      await context.close();
    }

    const narrow = await browser.newContext({
      viewport: { width: overflowWidth, height: 700 },
      reducedMotion: 'reduce',
    });
    const page = await narrow.newPage();
    for (const { name, path } of pages) {
      await page.goto(new URL(path, baseUrl).href, { waitUntil: 'networkidle' });
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      if (scrollWidth > overflowWidth) overflowing.push(`${name}: scrollWidth ${scrollWidth}px`);
    }
    await narrow.close();
    if (baselineDir) changes = await compareScreenshots(browser, shots, baselineDir);
  } finally {
    await browser.close();
  }

  if (overflowing.length) {
    console.error(`[screenshots] pages wider than ${overflowWidth}px:\n  ${overflowing.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`[screenshots] no horizontal overflow at ${overflowWidth}px`);
  if (!baselineDir) return;
  for (const { name, changed, note } of changes)
    console.log(`[screenshots] ${name}: ${changed ?? 'not comparable'} changed pixels (${note})`);
  if (changes.some(({ changed }) => changed !== 0)) {
    console.error(`[screenshots] differs from the baseline in ${baselineDir}`);
    process.exit(1);
  }
  console.log(`[screenshots] every screenshot equals the baseline in ${baselineDir}, pixel for pixel`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
