import { openInHost } from '../support/frame-host.ts';
import { HARNESS, SITE, signIn } from '../support/harness.ts';
import { expect, type Page, test } from '../support/test.ts';

const launch = (path: string, token?: string) =>
  `${SITE}${path}?app_id=local-app&server_url=${encodeURIComponent(HARNESS)}${token ? `&access_token=${token}` : ''}`;

const siteFrame = (page: Page) => {
  const frame = page.frames().find((f) => f.url().startsWith(SITE));
  if (!frame) throw new Error('the site frame is not there');
  return frame;
};

test.use({ viewport: { width: 1300, height: 850 } });

test('app_changed_url for the first load and every navigation; the token never appears', async ({
  page,
  request,
}) => {
  const token = await signIn(request, 'user');
  const host = await openInHost(page, HARNESS, launch('/', token));
  await expect(host.frame.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(host.frame.getByRole('button', { name: 'Sign out' })).toBeVisible();

  const urls = async () =>
    (await host.messages()).filter((m) => m.type === 'app_changed_url').map((m) => String(m.url));
  await expect.poll(urls).toEqual([`${SITE}/?app_id=local-app&server_url=${encodeURIComponent(HARNESS)}`]);

  await host.frame
    .getByRole('navigation', { name: 'Primary' })
    .first()
    .getByRole('link', { name: 'Pricing' })
    .click();
  await expect.poll(async () => (await urls()).at(-1)).toBe(`${SITE}/Pricing`);
  await host.frame
    .getByRole('navigation', { name: 'Primary' })
    .first()
    .getByRole('link', { name: 'Process' })
    .click();
  await expect.poll(async () => (await urls()).at(-1)).toBe(`${SITE}/Process`);
  await siteFrame(page).evaluate(() => history.back());
  await expect.poll(async () => (await urls()).at(-1)).toBe(`${SITE}/Pricing`);
  expect(await urls()).toHaveLength(4);

  const everything = JSON.stringify(await host.messages());
  expect(everything).not.toContain(token);
});

test('an error thrown in the site produces one app_error; a 402 produces none', async ({ page }) => {
  const host = await openInHost(page, HARNESS, launch('/Process'));
  await expect(host.frame.getByRole('heading', { level: 1 })).toBeVisible();
  // The prerendered heading shows before the bridge is installed (its scripts load after the first paint): an error
  // thrown before then is the browser's alone, so the test throws once the page is live.
  await expect(host.frame.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 20_000 });
  const frame = siteFrame(page);

  await frame.evaluate(() => {
    setTimeout(() => {
      throw new Error('boom from the test');
    });
    setTimeout(() => {
      throw new Error('boom from the test');
    }, 10);
  });
  const appErrors = async () => (await host.messages()).filter((m) => m.type === 'app_error');
  await expect.poll(async () => (await appErrors()).length).toBe(1);
  const [message] = await appErrors();
  const error = message?.error as { title: string; details: string; stack: string | null };
  expect(error.title).toContain('boom from the test');
  expect(error.details).toContain('boom from the test');
  expect(typeof error.stack).toBe('string');

  await frame.evaluate(() => {
    void Promise.reject(Object.assign(new Error('Payment required'), { status: 402 }));
    void Promise.reject(Object.assign(new Error('Payment required'), { response: { status: 402 } }));
  });
  await frame.evaluate(() => {
    void Promise.reject(new Error('rejected without a handler'));
  });
  await expect.poll(async () => (await appErrors()).length).toBe(2);
  const titles = (await appErrors()).map((m) => (m.error as { title: string }).title);
  expect(titles.join('\n')).not.toContain('Payment required');
});

test('a page on an origin off the allow-list cannot frame the site and receives nothing', async ({
  page,
}) => {
  const host = await openInHost(page, 'http://127.0.0.1:4999', launch('/'));
  await page.waitForTimeout(1500);
  expect(await host.messages()).toEqual([]);
  const framed = page.frames().find((f) => f.url().startsWith(SITE));
  const rendered = framed
    ? await framed
        .locator('h1')
        .count()
        .catch(() => 0)
    : 0;
  expect(rendered).toBe(0);
});

test('a popup opened by a foreign page gets no messages', async ({ page, context }) => {
  await page.route('http://127.0.0.1:4999/opener', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><body><script>window.__messages=[];addEventListener('message',e=>window.__messages.push(e.data));</script></body>`,
    }),
  );
  await page.goto('http://127.0.0.1:4999/opener');
  const [popup] = await Promise.all([
    context.waitForEvent('page'),
    page.evaluate((url) => window.open(url), `${SITE}/Pricing`),
  ]);
  await expect(popup.getByRole('heading', { level: 1 })).toBeVisible();
  await popup
    .getByRole('navigation', { name: 'Primary' })
    .first()
    .getByRole('link', { name: 'Results' })
    .click();
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => (window as unknown as { __messages: unknown[] }).__messages)).toEqual([]);
});
