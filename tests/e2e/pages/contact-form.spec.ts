/**
 * The contact form (docs/requirements.md, "States and transitions" and "Validation rules") and the booking button
 * beside it.
 */
import { contactForm } from '../support/contact-form.ts';
import { expect, type Page, test } from '../support/test.ts';
import { openPage, pagePaths, siteConfig } from './page-helpers.ts';

const filled = {
  name: 'Jane Smith',
  email: 'jane@example.co.uk',
  phone: '07700 900123',
  company: 'Smith Lettings',
  message: 'Enquiries get lost in WhatsApp.',
};

async function fill(page: Page, values: Partial<typeof filled>): Promise<void> {
  const fields = contactForm(page);
  for (const [key, value] of Object.entries(values)) await fields[key as keyof typeof filled].fill(value);
}

/** Messages the page writes to the console. */
function consoleLog(page: Page): string[] {
  const lines: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'log') lines.push(message.text());
  });
  return lines;
}

test.beforeEach(async ({ page }) => {
  await openPage(page, pagePaths.Index);
});

test('labels, input types and required fields', async ({ page }) => {
  const fields = contactForm(page);
  await expect(fields.name).toHaveAttribute('required', '');
  await expect(fields.email).toHaveAttribute('type', 'email');
  await expect(fields.email).toHaveAttribute('required', '');
  await expect(fields.phone).toHaveAttribute('type', 'tel');
  await expect(fields.phone).toHaveAttribute('required', '');
  await expect(fields.company).not.toHaveAttribute('required', /.*/);
  await expect(fields.message).not.toHaveAttribute('required', /.*/);
  await expect(fields.submit).toHaveText('Send Message');
});

test('missing name, email or phone blocks the submit', async ({ page }) => {
  const logs = consoleLog(page);
  const fields = contactForm(page);
  await fields.submit.click();
  await expect(fields.submit).toHaveText('Send Message');
  const missing = await page
    .locator('#contact')
    .locator('input, textarea')
    .evaluateAll((inputs) =>
      inputs
        .filter((input) => (input as HTMLInputElement).validity.valueMissing)
        .map((input) => input.getAttribute('name')),
    );
  expect(missing).toEqual(['name', 'email', 'phone']);

  await fill(page, { name: filled.name, email: filled.email });
  await fields.submit.click();
  await expect(fields.submit).toHaveText('Send Message');
  expect(await fields.phone.evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);

  await fill(page, { phone: filled.phone, email: 'not-an-email' });
  await fields.submit.click();
  await expect(fields.submit).toHaveText('Send Message');
  expect(await fields.email.evaluate((input: HTMLInputElement) => input.validity.typeMismatch)).toBe(true);
  expect(logs.some((line) => line.includes(filled.name))).toBe(false);
});

test('sending: no network request, values to the console, "Message Sent!" for 3 s, then cleared', async ({
  page,
}) => {
  await page.clock.install();
  await page.reload();
  const logs = consoleLog(page);
  const fields = contactForm(page);
  await fill(page, filled);
  // Time stands still from here on, and moves only when the test says so.
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1000);

  // What the form sends: anything but the site's own code (other pages are warmed a few seconds after load).
  const requests: string[] = [];
  page.on('request', (request) => {
    const ownCode =
      request.method() === 'GET' && /^http:\/\/localhost:4401\/assets\/[\w.-]+\.js$/.test(request.url());
    if (!ownCode) requests.push(`${request.method()} ${request.url()}`);
  });
  await fields.submit.click();

  await expect(fields.submit).toHaveText('Message Sent!');
  await expect(page.locator('#contact').getByRole('status')).toContainText('24 hours');
  for (const key of ['name', 'email', 'phone', 'company', 'message'] as const)
    await expect(fields[key]).toHaveValue('');
  await expect
    .poll(() => logs.find((line) => line.includes('Jane Smith')) ?? '')
    .toContain('jane@example.co.uk');
  expect(logs.find((line) => line.includes('Jane Smith'))).toContain('Smith Lettings');

  await page.clock.runFor(2990);
  await expect(fields.submit).toHaveText('Message Sent!');
  await page.clock.runFor(20);
  await expect(fields.submit).toHaveText('Send Message');
  expect(requests).toEqual([]);
});

test('the draft survives a reload, and is gone once sent', async ({ page }) => {
  await fill(page, { name: 'Draft Person', email: 'draft@example.com', message: 'Half written' });
  await page.reload();
  const fields = contactForm(page);
  await expect(fields.name).toHaveValue('Draft Person');
  await expect(fields.email).toHaveValue('draft@example.com');
  await expect(fields.message).toHaveValue('Half written');

  await fill(page, { phone: '07700 900456' });
  await fields.submit.click();
  await expect(fields.submit).toHaveText('Message Sent!');
  await page.reload();
  await expect(contactForm(page).name).toHaveValue('');
  await expect(contactForm(page).message).toHaveValue('');
});

test('the form still works when storage is blocked', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'sessionStorage', {
      get() {
        throw new DOMException('blocked', 'SecurityError');
      },
    });
  });
  await page.reload();
  const fields = contactForm(page);
  await fill(page, filled);
  await fields.submit.click();
  await expect(fields.submit).toHaveText('Message Sent!');
  await expect(fields.name).toHaveValue('');
});

test('the booking button opens the scheduling page for the free 30-minute call in a new tab', async ({
  page,
}) => {
  const link = page.locator('#contact').getByRole('link', { name: /free 30-minute call/ });
  await expect(link).toHaveAttribute('href', siteConfig.schedulingUrl);
  await expect(link).toHaveAttribute('target', '_blank');
  const rel = (await link.getAttribute('rel'))?.split(/\s+/) ?? [];
  expect(rel).toEqual(expect.arrayContaining(['noopener', 'noreferrer']));
});

test('every field says how long it may be, so a long message is never cut silently', async ({ page }) => {
  await page.goto('/#contact');
  const form = page.locator('#contact form');
  for (const label of ['Your Name *', 'Email *', 'Phone *', 'Company', 'Message']) {
    await expect(form.getByLabel(label, { exact: true })).toHaveAttribute('maxlength', '5000');
  }
  const message = form.getByLabel('Message', { exact: true });
  await message.fill('x'.repeat(6000));
  await expect(message).toHaveValue('x'.repeat(5000));
});
