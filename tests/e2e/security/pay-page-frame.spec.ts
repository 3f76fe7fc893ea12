/**
 * docs/security.md, "Servers of the harness and the backend functions", at the attacker's level: a page on another
 * loopback address (http://127.0.0.1:<port>) frames the payment provider's hosted page (the harness's double) under a
 * nearly transparent layer, to have a visitor press Pay without seeing it. The page may be framed only by the harness's
 * own pages, so the browser refuses to show it there, and the session stays open; the harness's own page may still
 * frame it.
 */
import { type AttackerServer, startAttackerServer } from '../support/attacker-server.ts';
import { APP_ID, HARNESS } from '../support/harness.ts';
import { expect, test } from '../support/test.ts';

/** A fresh session from the project's createCheckout (from a tool: no Origin). */
async function openSession(request: import('@playwright/test').APIRequestContext): Promise<string> {
  const answer = await request.post(`${HARNESS}/api/apps/${APP_ID}/functions/createCheckout`, {
    data: { packageName: 'gold' },
  });
  expect(answer.status()).toBe(200);
  const { url } = (await answer.json()) as { url: string };
  return url;
}

test.describe('the hosted payment page, framed by another page', () => {
  let attacker: AttackerServer;

  test.beforeAll(async () => {
    attacker = await startAttackerServer({
      '/': {
        type: 'text/html',
        body: '<!doctype html><title>Win a prize</title><p>Click the button to claim your prize.</p>',
      },
    });
  });
  test.afterAll(() => attacker.close());

  test('a page on another loopback address cannot show it, so nothing can be clicked through it', async ({
    page,
    request,
  }) => {
    const url = await openSession(request);
    const id = url.split('/').pop()!;
    const blocked: string[] = [];
    page.on('console', (message) => {
      if (/frame-ancestors|Refused to frame/i.test(message.text())) blocked.push(message.text());
    });
    await page.goto(`${attacker.origin}/`);
    await page.evaluate((src) => {
      const frame = document.createElement('iframe');
      frame.src = src;
      frame.style.opacity = '0.01';
      frame.id = 'trap';
      document.body.append(frame);
    }, url);
    await expect.poll(() => blocked.length).toBeGreaterThan(0);
    const frame = page.frame({ url: (frameUrl) => frameUrl.href.includes('/__harness/pay/') });
    // Chromium leaves an error page (or nothing) in the frame: the pay form never loads there.
    const payButtons = frame ? await frame.locator('button', { hasText: 'Pay' }).count() : 0;
    expect(payButtons).toBe(0);
    const sessions = (await (await request.get(`${HARNESS}/__harness/checkout-sessions`)).json()) as {
      id: string;
      status: string;
    }[];
    expect(sessions.find((s) => s.id === id)?.status).toBe('open');
  });

  test('its own headers say who may frame it and where its forms may lead', async ({ request }) => {
    const url = await openSession(request);
    const answer = await request.get(url);
    const policy = answer.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).not.toMatch(/frame-ancestors[^;]*localhost:\*/);
    expect(policy).toMatch(/form-action 'self' http:\/\/localhost:4401/);
    expect(policy).not.toMatch(/form-action[^;]*:\*/);
  });
});
