/**
 * docs/security.md, "Servers of the harness and the backend functions", at the attacker's level: a page on another
 * loopback address (http://127.0.0.1:<port>, another origin and another site than the harness on
 * http://localhost:4400), in a real Chromium, tries to open a checkout session through the project's own
 * createCheckout. Serial: it counts the payment double's sessions, which other tests open too.
 */
import type { APIRequestContext } from '@playwright/test';
import { type AttackerServer, startAttackerServer } from '../support/attacker-server.ts';
import { APP_ID, HARNESS } from '../support/harness.ts';
import { expect, test } from '../support/test.ts';

const CHECKOUT = `${HARNESS}/api/apps/${APP_ID}/functions/createCheckout`;

async function sessionCount(request: APIRequestContext): Promise<number> {
  const answer = await request.get(`${HARNESS}/__harness/checkout-sessions`);
  return ((await answer.json()) as unknown[]).length;
}

/** The status the harness answered the request carrying `probe` in its query, from its request log. */
async function loggedStatus(request: APIRequestContext, probe: string): Promise<number | null> {
  const answer = await request.get(`${HARNESS}/__harness/requests?limit=500`);
  const entries = (await answer.json()) as { path: string; query: Record<string, unknown>; status: number }[];
  const entry = entries.find((e) => e.path.endsWith('/functions/createCheckout') && e.query.probe === probe);
  return entry?.status ?? null;
}

test.describe('the backend functions, from a page on another loopback address', () => {
  let attacker: AttackerServer;

  test.beforeAll(async () => {
    attacker = await startAttackerServer({
      '/': {
        type: 'text/html',
        body: '<!doctype html><title>Nothing to see</title><p>Nothing to see here.</p>',
      },
    });
  });
  test.afterAll(() => attacker.close());

  test('a no-cors text/plain post, sent without a preflight, opens no checkout session', async ({
    page,
    request,
  }) => {
    await page.goto(`${attacker.origin}/`);
    const before = await sessionCount(request);
    const probe = `no-cors-${Date.now()}`;
    const type = await page.evaluate(async (url) => {
      const sent = await fetch(url, { method: 'POST', mode: 'no-cors', body: '{"packageName":"gold"}' });
      return sent.type;
    }, `${CHECKOUT}?probe=${probe}`);
    // The browser sent it (an opaque answer the page cannot read); the harness refused it before the function ran.
    expect(type).toBe('opaque');
    await expect.poll(() => loggedStatus(request, probe)).toBe(403);
    expect(await sessionCount(request)).toBe(before);
  });

  test('a JSON post after its CORS preflight is refused too, and opens no session', async ({
    page,
    request,
  }) => {
    await page.goto(`${attacker.origin}/`);
    const before = await sessionCount(request);
    const answer = await page.evaluate(async (url) => {
      const sent = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"packageName":"gold"}',
      });
      return { status: sent.status, body: await sent.json() };
    }, `${CHECKOUT}?probe=cors-${Date.now()}`);
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('foreign_origin');
    expect(await sessionCount(request)).toBe(before);
  });
});
