import { recordContactSubmissions } from '../support/contact-form.ts';
import { HARNESS, SITE } from '../support/harness.ts';
import { waitForHydration } from '../support/hydration.ts';
import { expect, type Page, test } from '../support/test.ts';

/**
 * The boot script (src/entries/boot-script.ts): a prerendered page paints before its JavaScript is even requested, and
 * nothing a visitor does in that time is lost.
 */

/** Holds the main script back until `release()` is called: the page stays prerendered HTML until then. */
async function holdMainScript(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/main.*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

const isHydrated = (page: Page) => page.evaluate(() => document.documentElement.dataset.hydrated === 'true');

test('the page JavaScript is requested only after the first contentful paint', async ({ page }) => {
  await page.goto('/Challenges');
  await waitForHydration(page);
  const timing = await page.evaluate(() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    const main = performance
      .getEntriesByType('resource')
      .find((entry) => /\/assets\/main\.[0-9a-f]+\.js$/.test(entry.name));
    return { paint: paint?.startTime, main: main?.startTime };
  });
  expect(timing.paint).toBeGreaterThan(0);
  expect(timing.main).toBeGreaterThanOrEqual(timing.paint ?? Number.POSITIVE_INFINITY);
});

test('Get Started Now pressed before the page is live still starts checkout', async ({ page }) => {
  const release = await holdMainScript(page);
  await page.goto('/Pricing', { waitUntil: 'domcontentloaded' });
  await page.getByRole('button', { name: 'Get Started Now' }).click();
  expect(await isHydrated(page)).toBe(false);
  await page.waitForTimeout(300);
  await expect(page).toHaveURL(`${SITE}/Pricing`);
  release();
  await expect(page).toHaveURL(new RegExp(`^${HARNESS}/__harness/pay/cs_test_`));
});

test('the contact form, filled in and sent before the page is live, is sent once and stays on the page', async ({
  page,
}) => {
  const logged = recordContactSubmissions(page);
  const release = await holdMainScript(page);
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const contact = page.locator('#contact');
  await contact.getByLabel('Your Name *', { exact: true }).fill('Early Bird');
  await contact.getByLabel('Email *', { exact: true }).fill('early@example.co.uk');
  await contact.getByLabel('Phone *', { exact: true }).fill('07700 900456');
  await contact.getByRole('button', { name: 'Send Message' }).click();
  expect(await isHydrated(page)).toBe(false);
  // Not submitted to the address bar.
  await expect(page).toHaveURL(`${SITE}/`);
  release();
  await expect(contact.getByRole('button', { name: 'Message Sent!' })).toBeVisible();
  await expect(page).toHaveURL(`${SITE}/`);
  await expect(contact.getByLabel('Your Name *', { exact: true })).toHaveValue('');
  expect(logged).toHaveLength(1);
});

test('text typed before the page is live is kept when React adopts the form', async ({ page }) => {
  const release = await holdMainScript(page);
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const name = page.locator('#contact').getByLabel('Your Name *', { exact: true });
  await name.fill('Typed Early');
  release();
  await waitForHydration(page);
  await name.press('End');
  await name.pressSequentially('!');
  await expect(name).toHaveValue('Typed Early!');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu button pressed before the page is live opens the menu once it is', async ({ page }) => {
    const release = await holdMainScript(page);
    await page.goto('/Results', { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    expect(await isHydrated(page)).toBe(false);
    release();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  });
});
