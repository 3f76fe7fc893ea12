/**
 * Content-Security-Policy in the browser (docs/security.md, "Headers"): every page at desktop and phone widths, with
 * the mobile menu, the contact form sent, the FAQ opened, a signed-in visit, and the editor shell's iframe and
 * federated views, raise zero `securitypolicyviolation` events in any frame; pages on origins off the allow-list cannot
 * frame the site.
 */

import { pagePaths } from '../../support/page-paths.ts';
import { HARNESS, SITE, signIn } from '../support/harness.ts';
import { expect, type Page, test } from '../support/test.ts';
import { PAGE_LOAD_MS } from './support/fault-scenarios.ts';

const PAGES = Object.values(pagePaths);

/**
 * Collects CSP violations from every frame of `page`: a listener added to each document before its scripts run, and
 * the browser's own console report of a blocked load.
 */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeBinding('__securityCsp', ({ frame }, text: string) =>
    violations.push(`${frame.url()}: ${text}`),
  );
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __securityCsp?: (text: string) => void }).__securityCsp;
      report?.(
        `${event.effectiveDirective} blocked ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  return violations;
}

/** The policy the site server sends with `path`, checked against the minimum of docs/security.md, "Headers". */
async function expectPolicy(page: Page, path: string): Promise<void> {
  const response = await page.goto(path);
  const headers = response?.headers() ?? {};
  const policy = headers['content-security-policy'] ?? '';
  const directive = (name: string) =>
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .find(([key]) => key === name)
      ?.slice(1) ?? [];
  expect(directive('default-src')).toEqual(["'self'"]);
  expect(directive('script-src').join(' ')).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
  expect(directive('object-src')).toEqual(["'none'"]);
  expect(directive('base-uri')).toEqual(["'none'"]);
  expect(directive('frame-ancestors')).toEqual(["'self'", HARNESS]);
  expect(['no-referrer', 'strict-origin-when-cross-origin']).toContain(headers['referrer-policy']);
  expect(headers['x-content-type-options']).toBe('nosniff');
}

for (const [label, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test.describe(`${label} width`, () => {
    test.use({ viewport });

    test('every page, scrolled through, with its policy and no CSP violation', async ({ page }) => {
      test.setTimeout(90_000);
      const violations = await watchCsp(page);
      for (const path of PAGES) {
        await expectPolicy(page, path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: PAGE_LOAD_MS });
        // Everything below the fold loads too (lazy pictures, sections).
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        await page.waitForLoadState('networkidle');
      }
      expect(violations).toEqual([]);
    });

    test('menu, contact form, FAQ and a signed-in visit: no CSP violation', async ({ page, request }) => {
      const violations = await watchCsp(page);
      await page.goto('/');
      if (label === 'phone') {
        await page.getByRole('button', { name: 'Open menu' }).click();
        const menu = page.getByRole('dialog', { name: 'Menu' });
        await expect(menu).toBeVisible();
        await menu.getByRole('link', { name: 'Results' }).click();
        await expect(page).toHaveURL(`${SITE}/Results`);
        await page.goto('/');
      }
      const contact = page.locator('#contact');
      await contact.getByLabel('Your Name *', { exact: true }).fill('Jane Smith');
      await contact.getByLabel('Email *', { exact: true }).fill('jane@example.co.uk');
      await contact.getByLabel('Phone *', { exact: true }).fill('07700 900123');
      await contact.getByLabel('Message', { exact: true }).fill('CSP check');
      await contact.getByRole('button', { name: 'Send Message' }).click();
      await expect(contact.getByRole('button', { name: 'Message Sent!' })).toBeVisible();

      await page.goto('/Pricing');
      const faq = page.getByTestId('faq-item').first();
      await faq.locator('summary').click();
      await expect(faq.locator('p')).toBeVisible();

      const token = await signIn(request, 'user');
      await page.goto(`/Process?access_token=${token}`);
      await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible({ timeout: PAGE_LOAD_MS });
      await page.getByRole('button', { name: 'Sign out' }).click();
      await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
      await page.waitForLoadState('networkidle');
      expect(violations).toEqual([]);
    });
  });
}

test.describe('editor shell', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('iframe view and federated view, navigating in each: no CSP violation in any frame', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const violations = await watchCsp(page);
    await page.goto(`${HARNESS}/`);
    await expect(page.getByRole('group', { name: 'View' })).toBeVisible();
    const site = page.frameLocator('[data-testid="shell-iframe"]');
    await expect(site.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: PAGE_LOAD_MS });
    await site.getByRole('banner').getByRole('link', { name: 'Pricing', exact: true }).click();
    await expect(page.getByTestId('address-bar')).toHaveText('/Pricing');
    await site.getByTestId('faq-item').first().locator('summary').click();

    await page.getByLabel('Account').selectOption({ label: 'User' });
    await expect(page.getByTestId('account-status')).toHaveText('Signed in as User');
    await expect(site.getByRole('button', { name: 'Sign out' })).toBeVisible({ timeout: PAGE_LOAD_MS });

    await page.getByRole('button', { name: 'Federated' }).click();
    const root = page.getByTestId('federated-root');
    await expect(root.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: PAGE_LOAD_MS });
    await root.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: 'Pricing' }).click();
    await expect(page.getByTestId('federated-location')).toContainText('/Pricing');
    await root.getByTestId('faq-item').first().locator('summary').click();
    await expect(root.getByTestId('faq-item').first().locator('p')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);
  });
});

/** The browser's reports of a refused frame (the positive evidence that the site was blocked, not just slow). */
function refusedFrames(page: Page): string[] {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/frame-ancestors/.test(message.text())) refused.push(message.text());
  });
  return refused;
}

/** Expects the site blocked in every frame: the browser refused it, nothing rendered, nothing was posted. */
async function expectSiteRefused(page: Page, refused: string[]): Promise<void> {
  await expect.poll(() => refused.length, { timeout: PAGE_LOAD_MS }).toBeGreaterThan(0);
  expect(refused.join('\n')).toContain(SITE);
  await page.waitForTimeout(500);
  const siteFrames = page.frames().filter((frame) => frame.url().startsWith(SITE));
  for (const frame of siteFrames)
    expect(
      await frame
        .locator('h1')
        .count()
        .catch(() => 0),
    ).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { __messages: unknown[] }).__messages)).toEqual([]);
}

/** A page at `origin` framing `inner`, recording the messages it receives. */
async function openFramer(page: Page, origin: string, inner: string): Promise<void> {
  await page.route(`${origin}/__e2e/framer`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>framer</title><iframe id="outer" src="${inner}" width="900" height="600"></iframe>
<script>window.__messages=[];addEventListener('message',(e)=>window.__messages.push(e.data));</script>`,
    }),
  );
  await page.goto(`${origin}/__e2e/framer`);
}

for (const [label, origin, inner] of [
  ['another port of localhost', 'http://localhost:4402', `${SITE}/Pricing?app_id=local-app`],
  ['the editor port on 127.0.0.1', 'http://127.0.0.1:4400', `${SITE}/Pricing`],
  ['a sandboxed (null-origin) document', 'http://127.0.0.1:4998', 'about:blank'],
] as const) {
  test(`${label} cannot frame the site`, async ({ page }) => {
    const refused = refusedFrames(page);
    await openFramer(page, origin, inner);
    if (inner === 'about:blank') {
      // An opaque origin: a sandboxed srcdoc frame that frames the site.
      await page.locator('#outer').evaluate((frame, site) => {
        frame.setAttribute('sandbox', 'allow-scripts');
        frame.setAttribute(
          'srcdoc',
          `<iframe id="site" src="${site}/Pricing" width="800" height="500"></iframe>`,
        );
      }, SITE);
    }
    await expectSiteRefused(page, refused);
  });
}

test('an editor page framing a foreign page that frames the site: blocked (every ancestor counts)', async ({
  page,
}) => {
  const foreign = 'http://127.0.0.1:4997';
  await page.route(`${foreign}/__e2e/middle`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><iframe src="${SITE}/Pricing" width="800" height="500"></iframe>`,
    }),
  );
  const refused = refusedFrames(page);
  await openFramer(page, HARNESS, `${foreign}/__e2e/middle`);
  await expectSiteRefused(page, refused);
});

test('control: the watcher hears a violation inside a framed site (so zero above means zero)', async ({
  page,
}) => {
  const violations = await watchCsp(page);
  await openFramer(page, HARNESS, `${SITE}/Process`);
  const frame = page.frameLocator('#outer');
  await expect(frame.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: PAGE_LOAD_MS });
  const site = page.frames().find((candidate) => candidate.url().startsWith(SITE));
  await site?.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__inline = true';
    document.body.append(script);
  });
  // The page's own report of it (the console's line may come first): from the framed site, naming the directive.
  await expect
    .poll(() => violations.filter((line) => line.startsWith(`${SITE}/Process`)).join('\n'))
    .toContain('script-src');
  expect(await site?.evaluate(() => (window as unknown as { __inline?: boolean }).__inline)).toBeUndefined();
});
