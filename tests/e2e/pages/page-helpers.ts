/** Shared helpers of the marketing pages' end-to-end tests. */
import type { Page } from '@playwright/test';
import { readSiteConfig } from '../../../config/site-config.ts';

/** The build's configuration (agency e-mail, scheduling URL), read the way the build reads it. */
export const siteConfig = readSiteConfig();

export { pagePaths } from '../../support/page-paths.ts';

/** Opens a page and waits until the app has rendered its main content. */
export async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('main h1').first().waitFor();
}
