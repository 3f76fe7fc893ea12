/**
 * Nothing lost (docs/security.md, "HTTP faults and nothing lost"): the contact form's draft survives what
 * tests/e2e/pages/contact-form.spec.ts does not already try: a submit blocked by validation, leaving the page and
 * coming back, a failing platform, and a trip through the platform's login. (The return to the same page, query and
 * hash after signing in is proved by tests/e2e/platform/login-redirect.serial.spec.ts.)
 */

import { contactForm } from '../support/contact-form.ts';
import { accounts, HARNESS, SITE } from '../support/harness.ts';
import { expect, type Page, test } from '../support/test.ts';
import { PAGE_LOAD_MS } from './support/fault-scenarios.ts';

const draft = {
  name: 'Draft Person',
  email: 'not-an-email',
  message: 'Half written, with ünïcödé and "quotes"',
};

async function openHome(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.locator('main h1').first()).toBeVisible({ timeout: PAGE_LOAD_MS });
}

async function fillDraft(page: Page): Promise<void> {
  const fields = contactForm(page);
  await fields.name.fill(draft.name);
  await fields.email.fill(draft.email);
  await fields.message.fill(draft.message);
}

async function expectDraft(page: Page): Promise<void> {
  const fields = contactForm(page);
  await expect(fields.name).toHaveValue(draft.name);
  await expect(fields.email).toHaveValue(draft.email);
  await expect(fields.message).toHaveValue(draft.message);
  await expect(fields.phone).toHaveValue('');
}

test('a submit blocked by validation keeps the draft, and a reload after it still has it', async ({
  page,
}) => {
  await openHome(page);
  await fillDraft(page);
  const fields = contactForm(page);
  await fields.submit.click();
  await expect(fields.submit).toHaveText('Send Message');
  expect(await fields.email.evaluate((input: HTMLInputElement) => input.validity.valid)).toBe(false);
  await expectDraft(page);
  await page.reload();
  await expectDraft(page);
  // Fixing it sends it.
  await fields.email.fill('draft@example.com');
  await fields.phone.fill('07700 900456');
  await fields.submit.click();
  await expect(fields.submit).toHaveText('Message Sent!');
});

test('leaving for another page and coming back (in the app, and with Back) keeps the draft', async ({
  page,
}) => {
  await openHome(page);
  await fillDraft(page);
  await page
    .getByRole('navigation', { name: 'Primary' })
    .first()
    .getByRole('link', { name: 'Pricing' })
    .click();
  await expect(page).toHaveURL(`${SITE}/Pricing`);
  await page.goBack();
  await expect(page).toHaveURL(`${SITE}/`);
  await expectDraft(page);
  await page.goto('/Process');
  await page.getByRole('banner').getByRole('link', { name: /home/i }).first().click();
  await expectDraft(page);
});

test('a failing platform (settings answer 500) does not touch the draft', async ({ page }) => {
  await openHome(page);
  await fillDraft(page);
  // Local to this page: the harness's global faults stay untouched.
  await page.route('**/public-settings/by-id/**', (route) =>
    route.fulfill({
      status: 500,
      json: { message: 'down' },
      headers: { 'access-control-allow-origin': SITE },
    }),
  );
  await page.reload();
  await expectDraft(page);
});

test('a rejected session sends the visitor to sign in; back on the page, the draft is there', async ({
  page,
}) => {
  await openHome(page);
  await fillDraft(page);
  await page.evaluate(() => {
    localStorage.setItem('base44_access_token', 'expired-token');
    localStorage.setItem('token', 'expired-token');
  });
  await page.reload();
  await expect(page).toHaveURL(new RegExp(`^${HARNESS}/login\\?from_url=`), { timeout: PAGE_LOAD_MS });
  await page.getByLabel('Email').fill(accounts.user.email);
  await page.getByLabel('Password').fill(accounts.user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(`${SITE}/`, { timeout: PAGE_LOAD_MS });
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible({ timeout: PAGE_LOAD_MS });
  await expectDraft(page);
});
