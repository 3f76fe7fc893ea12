import { listedPaths, pagePaths, routePaths } from '../../support/page-paths.ts';
import { MONTHLY_PENCE, SETUP_PENCE } from '../../support/spec-figures.ts';
import { waitForHydration } from '../support/hydration.ts';
import { expect, test } from '../support/test.ts';

// Every page (the home page at `/Index` too), not the 404 path.
const routes = ['/Index', ...routePaths.filter((path) => path !== pagePaths.NotFound)];

test.describe('prerendered pages', () => {
  for (const path of routes) {
    test(`${path}: the first HTML response already has the page's h1 and text`, async ({ request }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(html).toMatch(/<h1[^>]*>[^<]+/);
      expect(html).toMatch(/<main[^>]*>/);
      expect(html).toContain('<link rel="canonical"');
      expect(html).toMatch(/<title>[^<]+\|[^<]+<\/title>/);
    });

    test(`${path} hydrates without warnings or errors`, async ({ page }) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await waitForHydration(page);
      await page.waitForTimeout(300);
      expect(problems).toEqual([]);
    });
  }

  test('an unknown path answers 404 with the prerendered 404 page, which hydrates cleanly', async ({
    page,
  }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().includes('404')) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    const response = await page.goto('/no/such/page?x=1');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('/no/such/page');
    await page.waitForTimeout(300);
    expect(problems).toEqual([]);
  });

  test('robots.txt and sitemap.xml list the public pages', async ({ request }) => {
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain('Sitemap: http://localhost:4401/sitemap.xml');
    const sitemap = await (await request.get('/sitemap.xml')).text();
    for (const path of listedPaths) {
      expect(sitemap).toContain(`<loc>http://localhost:4401${path}</loc>`);
    }
    expect(sitemap).not.toContain('PaymentSuccess');
  });

  test('search engines may index every page (none blocked by meta, header or robots.txt); the 404 page is noindex', async ({
    request,
  }) => {
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).not.toMatch(/^Disallow:\s*\S/im);
    for (const path of routes) {
      const response = await request.get(`${path}?session_id=cs_test_0123456789abcdef`);
      expect(response.headers()['x-robots-tag'], path).toBeUndefined();
      expect(await response.text(), path).not.toMatch(/<meta name="(robots|googlebot)"/);
    }
    const missing = await request.get('/no/such/page');
    expect(await missing.text()).toMatch(/<meta name="robots" content="noindex"\s*\/?>/);
  });

  test('the home page carries JSON-LD with the package offer in GBP', async ({ request }) => {
    const html = await (await request.get('/')).text();
    const json = html.match(/<script type="application\/ld\+json">(.+?)<\/script>/)?.[1];
    expect(json).toBeTruthy();
    const data = JSON.parse(json ?? '{}');
    expect(data['@type']).toBe('ProfessionalService');
    const [setup, monthly] = data.makesOffer.priceSpecification;
    expect(setup).toMatchObject({ price: SETUP_PENCE / 100, priceCurrency: 'GBP' });
    expect(monthly).toMatchObject({
      price: MONTHLY_PENCE / 100,
      priceCurrency: 'GBP',
      referenceQuantity: { value: 1, unitCode: 'MON' },
    });
    // No price on the Offer itself: it would read as the whole package for the setup fee.
    expect(data.makesOffer.price).toBeUndefined();
  });
});
