import { expect, type Page } from '@playwright/test';

export const SHELL = 'http://localhost:4400';
export const SITE = 'http://localhost:4401';

/** The shell is made for 1440x900; the site iframe is on another localhost port (Chromium's local-network check). */
export const shellContext = {
  viewport: { width: 1440, height: 900 },
  permissions: ['local-network-access'],
};

/** Collects Content-Security-Policy violations reported on the shell's page (and frames it can see). */
export async function watchCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction('__reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation?: (text: string) => void })
        .__reportCspViolation;
      report?.(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return violations;
}

/** Opens the shell (optionally with a query) and waits for its top bar. */
export async function openShell(page: Page, query = ''): Promise<void> {
  await page.goto(`${SHELL}/${query}`);
  await expect(page.getByRole('group', { name: 'View' })).toBeVisible();
}

/** Entries of the bridge log of a given `data-type`. */
export function logEntries(page: Page, type: string) {
  return page.getByTestId('bridge-log').locator(`li[data-type="${type}"]`);
}

/** The text of the site's first-level heading on a standalone page (the copy lives in the site, not in this test). */
export async function standaloneHeading(page: Page, path: string): Promise<string> {
  const other = await page.context().newPage();
  try {
    await other.goto(`${SITE}${path}`);
    const heading = other.getByRole('heading', { level: 1 }).first();
    await expect(heading).toBeVisible();
    return ((await heading.textContent()) ?? '').trim();
  } finally {
    await other.close();
  }
}
