/**
 * Debian's firefox-esr driven over WebDriver BiDi, with a fresh profile (Puppeteer makes a temporary one and deletes
 * it on close), and what every case gets: a fresh browser context whose pages report console errors, page errors and
 * dialogs, and the waits the Chromium tests rely on (tests/e2e/support).
 */
import puppeteer, {
  type Browser,
  type BrowserContext,
  type Frame,
  type Page,
  Puppeteer,
} from 'puppeteer-core';
import { FIREFOX, limits, viewports } from './constants.ts';
import { sleep, until } from './wait.ts';

export async function launchFirefox(): Promise<Browser> {
  return puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    defaultViewport: viewports.desktop,
    timeout: limits.browserLaunchMs,
    protocolTimeout: limits.protocolMs,
  });
}

export async function closeFirefox(browser: Browser): Promise<void> {
  const closed = await Promise.race([
    browser.close().then(() => true),
    sleep(limits.closeMs).then(() => false),
  ]);
  if (!closed) browser.process()?.kill('SIGKILL');
}

/** One case's browser context: its pages, and every error they reported. */
export interface Session {
  newPage(viewport?: { width: number; height: number }): Promise<Page>;
  readonly errors: string[];
}

export async function openSession(browser: Browser): Promise<{ session: Session; context: BrowserContext }> {
  const context = await browser.createBrowserContext();
  const errors: string[] = [];
  const session: Session = {
    errors,
    async newPage(viewport = viewports.desktop) {
      const page = await context.newPage();
      await page.setViewport(viewport);
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const where = message.location().url;
        errors.push(`console error: ${message.text()}${where ? ` (${where})` : ''}`);
      });
      page.on('pageerror', (error) => {
        errors.push(`page error: ${error instanceof Error ? error.message : String(error)}`);
      });
      page.on('dialog', (dialog) => {
        errors.push(`unexpected ${dialog.type()} dialog: ${dialog.message()}`);
        void dialog.dismiss().catch(() => {});
      });
      return page;
    },
  };
  return { session, context };
}

/** As tests/e2e/support/hydration.ts: React has adopted the prerendered page (`<html data-hydrated="true">`). */
export async function hydrated(target: Page | Frame): Promise<void> {
  await until(
    `${target.url()} hydrated (<html data-hydrated="true">)`,
    () => target.evaluate(() => document.documentElement.dataset.hydrated ?? null),
    (value) => value === 'true',
    limits.hydrationMs,
  );
}

/** The visible text of the page's main first-level heading. */
export function headingText(target: Page | Frame): Promise<string | null> {
  return target.evaluate(() => {
    const heading = document.querySelector('main h1') ?? document.querySelector('h1');
    return heading?.checkVisibility() ? (heading.textContent ?? '').trim() : null;
  });
}

/**
 * An element by its accessible role and name, as `getByRole` finds it (Puppeteer's ARIA selector, answered by
 * Firefox's accessibility tree; about 2-3 s a query on the home page, so used where the role is what is tested).
 */
export function byRole(role: string, name: string): string {
  return `::-p-aria([name=${JSON.stringify(name)}][role=${JSON.stringify(role)}])`;
}

// `::-p-label(text)`: the control of the <label> whose text is exactly `text`, as `getByLabel(text, { exact: true })`
// finds it, answered in the page (milliseconds).
if (!Puppeteer.customQueryHandlerNames().includes('label'))
  Puppeteer.registerCustomQueryHandler('label', {
    queryOne: (root, text) =>
      [...(root as ParentNode).querySelectorAll('label')].find((label) => label.textContent?.trim() === text)
        ?.control ?? null,
  });

export function byLabel(text: string): string {
  return `::-p-label(${JSON.stringify(text)})`;
}
