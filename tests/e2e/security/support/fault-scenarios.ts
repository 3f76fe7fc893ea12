/**
 * The HTTP fault matrix's targets, faults and the visitor journeys that exercise them (docs/security.md,
 * "HTTP faults and nothing lost"). Each journey asserts what a visitor sees and returns a short outcome for the printed
 * table.
 */
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { APP_ID, type Fault, signIn } from '../../support/harness.ts';
import { openRecordedSite, type RecordedSite } from './hosted-site.ts';
import { unexpectedConsoleErrors } from './recorder.ts';

export const FAULT_TARGETS = {
  'public settings': `/api/apps/public/prod/public-settings/by-id/${APP_ID}`,
  me: `/api/apps/${APP_ID}/entities/User/me`,
  createCheckout: `/api/apps/${APP_ID}/functions/createCheckout`,
  'page logs': `/api/app-logs/${APP_ID}/log-user-in-app/`,
} as const;

export type FaultTarget = keyof typeof FAULT_TARGETS;

export const FAULT_KINDS = {
  '500': { status: 500 },
  '503': { status: 503 },
  '429': { status: 429 },
  'delay 10 s': { delayMs: 10_000 },
  dropped: { drop: true },
  'malformed 200': { malformed: true },
} as const satisfies Record<string, Omit<Fault, 'path'>>;

export type FaultKind = keyof typeof FAULT_KINDS;

export const CHECKOUT_ALERT = 'alert: Failed to start checkout. Please try again.';

/** createCheckout gives up after this long (`CHECKOUT_CALL_TIMEOUT_MS` in src/checkout/start-checkout.ts). */
export const CHECKOUT_CALL_TIMEOUT_MS = 8000;

/** The startup check gives up after this long (`STARTUP_CALL_TIMEOUT_MS` in src/app/auth/check-app-state.ts). */
export const STARTUP_CALL_TIMEOUT_MS = 8000;

/** Room for a first page load on a busy machine. */
export const PAGE_LOAD_MS = 20_000;

/** The site's primary navigation inside the host frame. */
export function primaryNav(site: RecordedSite) {
  return site.frame.getByRole('navigation', { name: 'Primary' }).first();
}

/** The page is usable: its h1 shows and a nav link leads to another page with its own h1. */
export async function expectUsable(site: RecordedSite, linkName = 'Results'): Promise<void> {
  await expect(site.frame.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await primaryNav(site).getByRole('link', { name: linkName, exact: true }).click();
  await expect.poll(() => new URL(site.siteFrame().url()).pathname).toBe(`/${linkName}`);
  await expect(site.frame.getByRole('heading', { level: 1 }).first()).toBeVisible();
}

/** No uncaught error, no console error but the allowed ones, no `app_error`. */
export async function expectQuiet(site: RecordedSite, allowedConsole: RegExp[] = []): Promise<void> {
  expect(site.recording.pageErrors).toEqual([]);
  expect(unexpectedConsoleErrors(site.recording, allowedConsole)).toEqual([]);
  expect(await site.appErrors()).toEqual([]);
}

/**
 * A signed-in visitor opens /Process while the startup call (`public settings` or `me`) fails: the spinner ends, the
 * page stays usable, the visitor ends up signed out and is not sent to sign in.
 */
export async function startupJourney(page: Page, request: APIRequestContext): Promise<string> {
  const token = await signIn(request, 'user');
  const site = await openRecordedSite(page, `/Process?access_token=${token}`);
  await expect(site.frame.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: PAGE_LOAD_MS });
  await expect(site.frame.getByRole('status')).toHaveCount(0, { timeout: PAGE_LOAD_MS });
  await expect(site.frame.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
  expect(new URL(site.siteFrame().url()).origin).toBe('http://localhost:4401');
  await expectUsable(site);
  await expectQuiet(site);
  return 'spinner ended; signed out; usable';
}

/** A signed-in visitor browses while page logs fail: nothing shows, the session holds. */
export async function pageLogJourney(page: Page, request: APIRequestContext): Promise<string> {
  const token = await signIn(request, 'user');
  const site = await openRecordedSite(page, `/Process?access_token=${token}`);
  await expect(site.frame.getByRole('button', { name: 'Sign out' })).toBeVisible({ timeout: PAGE_LOAD_MS });
  const logCalls = () => site.recording.requests.filter((r) => r.url.includes('/log-user-in-app/')).length;
  await expect.poll(logCalls).toBeGreaterThanOrEqual(1);
  await expectUsable(site);
  await expect.poll(logCalls).toBeGreaterThanOrEqual(2);
  await expect(site.frame.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(site.frame.getByRole('status')).toHaveCount(0);
  await expectQuiet(site);
  return 'ignored; signed in; usable';
}

/** A visitor presses Get Started Now twice while createCheckout fails: the alert each time, the button recovers. */
export async function failingCheckoutJourney(page: Page): Promise<string> {
  const site = await openRecordedSite(page, '/Pricing');
  const button = site.frame.getByRole('button', { name: 'Get Started Now' });
  await button.click({ timeout: PAGE_LOAD_MS });
  await expect.poll(() => site.recording.dialogs).toEqual([CHECKOUT_ALERT]);
  await expect(button).toBeEnabled();
  await button.click();
  await expect.poll(() => site.recording.dialogs).toEqual([CHECKOUT_ALERT, CHECKOUT_ALERT]);
  await expect(button).toBeEnabled();
  expect(new URL(site.siteFrame().url()).pathname).toBe('/Pricing');
  const calls = site.recording.requests.filter((r) => r.url.endsWith('/functions/createCheckout'));
  expect(calls.filter((r) => r.method === 'POST')).toHaveLength(2);
  await expectUsable(site);
  await expectQuiet(site, [/^Checkout failed/]);
  return 'alert; button works again';
}
