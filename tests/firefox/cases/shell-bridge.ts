/**
 * Case 5: the editor shell with the site in its iframe. The site's bridge reports `app_changed_url` after a
 * client-side navigation inside the frame and after full navigations of the frame (the shell's path field, Reload);
 * the shell lists each in its bridge log (selectors of tests/e2e/shell/shell-helpers.ts).
 */
import type { Frame, Page } from 'puppeteer-core';
import { byRole, hydrated, type Session } from '../browser.ts';
import { HARNESS, SITE, viewports } from '../constants.ts';
import { check, until } from '../wait.ts';

/** The payloads of the bridge log's `app_changed_url` entries, oldest first. */
function urlChanges(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [
      ...document.querySelectorAll(
        '[data-testid="bridge-log"] li[data-type="app_changed_url"] .es-log-payload, ' +
          '[data-testid="bridge-log"] li[data-type="app_changed_url"] code',
      ),
    ].map((element) => element.textContent ?? ''),
  );
}

const address = (page: Page) =>
  page.evaluate(() => document.querySelector('[data-testid="address-bar"]')?.textContent ?? null);

/** The page (origin and path) an `app_changed_url` payload names, e.g. `http://localhost:4401/Pricing`. */
function pageOf(payload: string | undefined): string | null {
  try {
    const url = new URL((JSON.parse(payload ?? '') as { url: string }).url);
    return `${url.origin}${url.pathname}`;
  } catch {
    return null;
  }
}

/** Waits for one more `app_changed_url` naming `url`, and the address bar showing its path. */
async function reported(page: Page, before: number, url: string, how: string): Promise<number> {
  const changes = await until(
    `${how}: one more app_changed_url in the shell's log, for ${url}`,
    () => urlChanges(page),
    (entries) => entries.length === before + 1 && pageOf(entries.at(-1)) === url,
  );
  const path = new URL(url).pathname;
  await until(
    `${how}: the address bar reads ${path}`,
    () => address(page),
    (text) => text === path,
  );
  return changes.length;
}

function siteFrame(page: Page): Frame {
  const frame = page.frames().find((candidate) => candidate.url().startsWith(`${SITE}/`));
  if (!frame) throw new Error(`no frame of ${SITE} in the shell: ${page.frames().map((f) => f.url())}`);
  return frame;
}

/** A mark in the frame's document: it survives a client-side navigation and is gone after a full one. */
const markDocument = (frame: Frame) =>
  frame.evaluate(() => {
    (window as unknown as { __smokeMark?: number }).__smokeMark = 1;
  });
const isMarked = (frame: Frame) =>
  frame.evaluate(() => (window as unknown as { __smokeMark?: number }).__smokeMark === 1);

export async function shellBridge(session: Session): Promise<void> {
  const page = await session.newPage(viewports.shell);
  await page.goto(`${HARNESS}/`);
  // Puppeteer places a click in a frame at the frame's offset plus the element's own coordinates, ignoring a CSS
  // transform on the way; the shell scales its 1440 px device box down to fit (preview-stage.tsx), so at 1440x900 a
  // click on "Process" lands on "Book A Call" (w3c/webdriver#1854, w3c/webdriver-bidi#787). At this viewport the box
  // is not scaled, and the click is a real pointer click where the visitor sees the link.
  await until(
    'the shell shows the site at 100% (unscaled device box)',
    () => page.evaluate(() => document.querySelector('.es-device')?.getAttribute('data-scale') ?? null),
    (scale) => scale === '1.000',
  );
  let count = await reported(page, 0, `${SITE}/`, 'the first load');
  let frame = siteFrame(page);
  await hydrated(frame);

  await markDocument(frame);
  await frame.locator(`header ${byRole('link', 'Process')}`).click();
  count = await reported(page, count, `${SITE}/Process`, 'a client-side navigation in the frame');
  check(
    await isMarked(frame),
    'the click in the frame reloaded the document (expected a client-side navigation)',
  );

  await page.locator('#es-path').fill('/Pricing');
  await page.locator(byRole('button', 'Go')).click();
  count = await reported(page, count, `${SITE}/Pricing`, "a full navigation from the shell's path field");
  frame = siteFrame(page);
  await until(
    'the frame holds a new document',
    () => isMarked(frame),
    (marked) => !marked,
  );
  await hydrated(frame);

  await markDocument(frame);
  await page.locator(byRole('button', 'Reload')).click();
  await reported(page, count, `${SITE}/Pricing`, 'Reload of the frame');
  frame = siteFrame(page);
  await until(
    'the reloaded frame holds a new document',
    () => isMarked(frame),
    (marked) => !marked,
  );
  await hydrated(frame);
}
