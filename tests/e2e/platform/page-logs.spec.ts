import { APP_ID, HARNESS, signIn } from '../support/harness.ts';
import { expect, test } from '../support/test.ts';

interface LogEntry {
  page: string;
  user_email?: string;
}

test('a signed-in visit to /pricing and / is logged as Pricing and Index', async ({ page, request }) => {
  const token = await signIn(request, 'user');
  const since = new Date().toISOString();
  await page.goto(`/pricing?access_token=${token}`);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await page.getByRole('banner').getByRole('link', { name: /home/i }).click();
  await expect(page).toHaveURL('http://localhost:4401/');

  const fetchLogs = async () => {
    const response = await request.get(`${HARNESS}/api/app-logs/${APP_ID}`, {
      headers: { Authorization: 'Bearer local-service-token', 'X-App-Id': APP_ID },
      params: { from: since, limit: 500 },
    });
    const body = (await response.json()) as LogEntry[] | { items: LogEntry[] };
    const list = Array.isArray(body) ? body : body.items;
    return list.filter((entry) => entry.user_email === 'user@example.com').map((entry) => entry.page);
  };
  await expect.poll(fetchLogs).toEqual(expect.arrayContaining(['Pricing', 'Index']));
  const pages = await fetchLogs();
  expect(pages).not.toContain('pricing');
});

test('a visitor without a token sends no page log', async ({ page }) => {
  const logCalls: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/log-user-in-app/')) logCalls.push(req.url());
  });
  await page.goto('/Pricing');
  await page.goto('/');
  await page.waitForTimeout(500);
  expect(logCalls).toEqual([]);
});
