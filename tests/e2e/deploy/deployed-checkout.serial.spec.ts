/**
 * The deploy rehearsal in Chromium: the platform's own CLI (0.1.18, from its verified tarball) deploys this repository
 * (the built dist/, base44/) to the harness, as `npm run deploy:local` does, and the deployed copy, opened at its
 * published URL beside the dev copy, takes a buyer through checkout: Pricing → Get Started Now → the payment double's
 * page → Pay → the deployed copy's PaymentSuccess (its SITE_ORIGIN secret set by the CLI). Then `visibility private`
 * makes the deployed copy send an anonymous visitor to sign in. Serial: it changes the harness's functions, secrets,
 * visibility and published site, and resets them after.
 */
import { resolve } from 'node:path';
import { runCli } from '../../integration/deploy/cli-run.ts';
import { BUYER_EMAIL } from '../checkout/checkout-support.ts';
import { HARNESS } from '../support/harness.ts';
import { expect, type Page, test } from '../support/test.ts';

/** Where `npm start` publishes a deployment (DEPLOY_SITE_PORT, default 4403). */
const PUBLISHED = 'http://localhost:4403';
const repoRoot = resolve(import.meta.dirname, '../../..');

/** `base44 <args>` against the harness, as deploy:local runs it: a throwaway HOME and the local workspace key. */
async function base44(args: string[]): Promise<string> {
  const run = await runCli(args, { apiUrl: HARNESS, cwd: repoRoot });
  if (run.status !== 0) throw new Error(`base44 ${args.join(' ')} exited ${run.status}:\n${run.output}`);
  return run.output;
}

/** Opens a page of the deployed copy and waits until React has adopted it. */
async function openDeployed(page: Page, path: string): Promise<void> {
  await page.goto(`${PUBLISHED}${path}`);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
}

// Each CLI run unpacks the CLI's tarball and starts it (a few seconds, more on a busy machine).
test.describe.configure({ timeout: 90_000 });

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000);
  const request = await playwright.request.newContext();
  await request.post(`${HARNESS}/__harness/reset`);
  await base44(['secrets', 'set', `SITE_ORIGIN=${PUBLISHED}`]);
  const deploy = await base44(['deploy', '-y']);
  expect(deploy).toContain(`App URL: ${PUBLISHED}/`);
  await request.dispose();
});

test.afterAll(async ({ playwright }) => {
  const request = await playwright.request.newContext();
  await request.post(`${HARNESS}/__harness/reset`);
  await request.dispose();
});

test('the deployed copy takes a buyer from Get Started Now through the pay page to its own PaymentSuccess', async ({
  page,
}) => {
  await openDeployed(page, '/Pricing');
  await page.getByRole('button', { name: 'Get Started Now' }).click();
  // The deployed createCheckout starts on this first call (a cold start in workerd).
  await expect(page).toHaveURL(new RegExp(`^${HARNESS}/__harness/pay/cs_test_[A-Za-z0-9]{58}$`), {
    timeout: 30_000,
  });
  const sessionId = page.url().split('/').pop() ?? '';
  await page.getByLabel('Email').fill(BUYER_EMAIL);
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(`${PUBLISHED}/PaymentSuccess?session_id=${sessionId}`);
  await expect(page.getByTestId('order-reference')).toHaveText(sessionId.slice(-12));
});

test('visibility private sends an anonymous visitor of the deployed copy to sign in, and back', async ({
  page,
}) => {
  expect(await base44(['visibility', 'private'])).toContain('App visibility set to private');
  await page.goto(`${PUBLISHED}/Process`);
  await expect(page).toHaveURL(new RegExp(`^${HARNESS}/login\\?from_url=`));
  expect(new URL(page.url()).searchParams.get('from_url')).toBe(`${PUBLISHED}/Process`);
  await page.getByLabel('Email').fill('user@example.com');
  await page.getByLabel('Password').fill('user1234');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${PUBLISHED}/Process`);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
});
