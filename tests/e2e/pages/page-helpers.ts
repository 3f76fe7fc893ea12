/** Shared helpers of the marketing pages' end-to-end tests. */
import type { Page } from '@playwright/test';
import { readSiteConfig } from '../../../config/site-config.ts';

/** The build's configuration (agency e-mail, scheduling URL), read the way the build reads it. */
export const siteConfig = readSiteConfig();

export const pagePaths = {
  Index: '/',
  Challenges: '/Challenges',
  Solutions: '/Solutions',
  Results: '/Results',
  Process: '/Process',
  Pricing: '/Pricing',
  PaymentSuccess: '/PaymentSuccess?session_id=cs_test_a1b2c3d4e5f6g7h8i9j0',
  NotFound: '/no-such-page',
} as const;

/** Opens a page and waits until the app has rendered its main content. */
export async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('main h1').first().waitFor();
}
