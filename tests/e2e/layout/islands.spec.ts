import { recordContactSubmissions } from '../support/contact-form.ts';
import { SITE } from '../support/harness.ts';
import { expect, type Page, test } from '../support/test.ts';

/**
 * The home page's contact form is an island (src/hydration/island.ts): its code is not part of the page's first load, and
 * it comes alive when the visitor comes near it or touches it, losing nothing typed or pressed before then. Below the
 * first screens, sections are laid out as they come into view (src/styles/standalone.css), and every scroll that
 * needs exact positions still lands exactly.
 */

const FORM_CHUNK = '**/assets/contact-form.*.js';
const pendingForm = (page: Page) => page.locator('[data-island]:not([data-live])');
const liveForm = (page: Page) => page.locator('[data-island][data-live]');

function formChunkRequests(page: Page): string[] {
  const requested: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/contact-form\.[0-9a-f]+\.js$/.test(request.url())) requested.push(request.url());
  });
  return requested;
}

/** Holds the form's code back until `release()` is called. */
async function holdFormCode(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(FORM_CHUNK, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('the form code is fetched only when the visitor comes near the form, which then becomes live', async ({
  page,
}) => {
  const requested = formChunkRequests(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await page.waitForTimeout(1000);
  expect(requested).toEqual([]);
  await expect(pendingForm(page)).toHaveCount(1);

  await page.locator('#contact').scrollIntoViewIfNeeded();
  await expect(liveForm(page)).toHaveCount(1);
  expect(requested).toHaveLength(1);
});

test('a message filled in and sent before the form is live is sent once, with what was typed', async ({
  page,
}) => {
  const logged = recordContactSubmissions(page);
  const release = await holdFormCode(page);
  await page.goto('/');
  const contact = page.locator('#contact');
  await contact.getByLabel('Your Name *', { exact: true }).fill('Island Visitor');
  await contact.getByLabel('Email *', { exact: true }).fill('island@example.co.uk');
  await contact.getByLabel('Phone *', { exact: true }).fill('07700 900789');
  await contact.getByRole('button', { name: 'Send Message' }).click();
  await page.waitForTimeout(300);
  await expect(pendingForm(page)).toHaveCount(1);
  // Held, not submitted to the address bar.
  await expect(page).toHaveURL(`${SITE}/`);
  expect(logged).toEqual([]);

  release();
  await expect(contact.getByRole('button', { name: 'Message Sent!' })).toBeVisible();
  await expect(page).toHaveURL(`${SITE}/`);
  expect(logged).toHaveLength(1);
  expect(logged[0]).toContain('Island Visitor');
  expect(logged[0]).toContain('island@example.co.uk');
  await expect(contact.getByLabel('Your Name *', { exact: true })).toHaveValue('');
});

test('a form whose code cannot be fetched keeps what was typed and offers a reload', async ({ page }) => {
  await page.route(FORM_CHUNK, (route) => route.abort());
  await page.goto('/');
  const name = page.locator('#contact').getByLabel('Your Name *', { exact: true });
  await name.fill('Offline Visitor');
  await expect(page.getByRole('alert').filter({ hasText: 'Part of the site failed to load' })).toBeVisible();
  await expect(name).toHaveValue('Offline Visitor');
  await expect(pendingForm(page)).toHaveCount(1);

  // Fetched again on the next touch, once the network is back.
  await page.unroute(FORM_CHUNK);
  await name.press('End');
  await expect(liveForm(page)).toHaveCount(1);
  await name.pressSequentially('!');
  await expect(name).toHaveValue('Offline Visitor!');
});

test('a draft waiting in the tab brings the form to life at once, without scrolling', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() =>
    sessionStorage.setItem(
      'contact-form-draft',
      JSON.stringify({ name: 'Waiting Draft', email: 'w@example.com' }),
    ),
  );
  await page.reload();
  await expect(liveForm(page)).toHaveCount(1);
  await expect(page.locator('#contact').getByLabel('Your Name *', { exact: true })).toHaveValue(
    'Waiting Draft',
  );
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test.describe(`at ${viewport.width}px, with smooth scrolling`, () => {
    test.use({ viewport, reducedMotion: 'no-preference' });

    test('sections below the first screens are laid out when they come into view', async ({ page }) => {
      await page.goto('/');
      const visibility = await page
        .locator('main section')
        .evaluateAll((sections) => sections.map((section) => getComputedStyle(section).contentVisibility));
      expect(visibility.slice(0, 2)).toEqual(['visible', 'visible']);
      expect(visibility.slice(2, -1).every((value) => value === 'auto')).toBe(true);
    });

    test('Book A Call ends exactly at the contact section', async ({ page }) => {
      await page.goto('/Pricing');
      await page
        .getByRole('link', { name: /Book Free Call/i })
        .first()
        .click();
      await expect(page).toHaveURL(`${SITE}/`);
      const contact = page.locator('#contact');
      // The smooth scroll has ended where the page's scroll padding (the fixed header) puts the section.
      await expect
        .poll(
          () =>
            contact.evaluate((section) => {
              const px = (value: string) => Number.parseFloat(value) || 0;
              const offset =
                px(getComputedStyle(document.documentElement).scrollPaddingTop) +
                px(getComputedStyle(section).scrollMarginTop);
              return Math.round(Math.abs(section.getBoundingClientRect().top - offset));
            }),
          { timeout: 10_000 },
        )
        .toBeLessThanOrEqual(1);
    });

    test('a reload puts the visitor back at the same place', async ({ page }) => {
      await page.goto('/');
      for (let y = 0; y <= 5000; y += 500) {
        await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
        await page.waitForTimeout(50);
      }
      await page.waitForTimeout(300);
      const heading = () =>
        page.evaluate(() => {
          const probe = document.elementFromPoint(100, window.innerHeight / 2);
          return probe?.closest('section')?.getAttribute('aria-labelledby') ?? null;
        });
      const before = await heading();
      expect(before).not.toBeNull();
      await page.reload();
      await page.waitForTimeout(300);
      expect(await heading()).toBe(before);
    });
  });
}
