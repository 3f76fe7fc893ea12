import { expect, type Page } from '@playwright/test';

/**
 * Waits until React has adopted the prerendered page: its scripts load after the first paint
 * (src/entries/boot-script.ts), so the page is visible, and its links work, before it is interactive.
 */
export async function waitForHydration(page: Page, timeout?: number): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', timeout ? { timeout } : {});
}
