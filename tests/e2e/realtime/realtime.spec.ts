/**
 * Realtime in a real browser (issue 8; docs/security.md, "Realtime"): our platform client, subscribed to `Lead` in
 * Chromium, survives `POST /__harness/realtime/drop {refuseMs: 3000}` ten times in a row. Each time it reconnects by
 * itself after the refusal window, with every delay inside the configured backoff (never 0), and receives the changes
 * made through the emulator's HTTP API afterwards.
 *
 * A drop closes every socket of the harness, and this is the only end-to-end test that opens one (the site itself does
 * not subscribe): it runs beside the others, not in the `stateful` project.
 */

import { bundleFixture, type FixtureBundle, serveFixture } from '../fixtures/bundle-fixture.ts';
import { APP_ID, HARNESS, signIn } from '../support/harness.ts';
import { type APIRequestContext, expect, type Page, test } from '../support/test.ts';
import { attemptWindow, BACKOFF, reconnectAttempts } from './reconnect-timeline.ts';

// An origin the emulator accepts for CORS and socket.io (any http://localhost:*), answered by `page.route` only.
const FIXTURE_BASE = 'http://localhost:4401/__e2e/realtime/';
const ROUNDS = 10;
const REFUSE_MS = 3000;
// Browser timers fire late, never early, and the machine is shared: late slack only.
const TIMER_SLACK_MS = 400;

let bundle: FixtureBundle;

test.beforeAll(async () => {
  test.setTimeout(60_000);
  bundle = await bundleFixture('./tests/e2e/fixtures/realtime-fixture.ts', FIXTURE_BASE);
});

// A failed round leaves no lasting state: the refusal window ends by itself after 3 s.
test.afterAll(async () => {
  await bundle?.remove();
});

const state = (page: Page) => page.evaluate(() => window.realtimeFixture.state());
const received = (page: Page) => page.evaluate(() => window.realtimeFixture.events());

async function createLead(request: APIRequestContext, token: string, name: string): Promise<string> {
  const response = await request.post(`${HARNESS}/api/apps/${APP_ID}/entities/Lead`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { name },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { id: string }).id;
}

async function updateLead(
  request: APIRequestContext,
  token: string,
  id: string,
  name: string,
): Promise<void> {
  const response = await request.put(`${HARNESS}/api/apps/${APP_ID}/entities/Lead/${id}`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { name },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test('after 10 drops with a 3 s refusal, the client reconnects by itself within its backoff and receives every later change', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const token = await signIn(request, 'user');
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await serveFixture(page, bundle, FIXTURE_BASE);
  await page.goto(`${FIXTURE_BASE}index.html`);
  await page.waitForFunction(() => typeof window.realtimeFixture === 'object');
  await page.evaluate((options) => window.realtimeFixture.start(options), {
    appId: APP_ID,
    serverUrl: HARNESS,
    token,
    entity: 'Lead',
  });
  await expect.poll(() => state(page), { timeout: 10_000 }).toBe('connected');

  const rows: string[] = [];
  const allDelays: number[] = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    const droppedAt = Date.now();
    const drop = await request.post(`${HARNESS}/__harness/realtime/drop`, { data: { refuseMs: REFUSE_MS } });
    expect(drop.ok(), `round ${round}: drop accepted`).toBe(true);
    await expect.poll(() => state(page), { timeout: 3_000, intervals: [20] }).not.toBe('connected');
    // Worst case: attempts at ~1.5 s, ~4.5 s (both refused), then one at most 5 s later.
    await expect.poll(() => state(page), { timeout: 15_000, intervals: [50] }).toBe('connected');

    const observations = await page.evaluate(() => window.realtimeFixture.observations());
    const connectedAt = observations.filter((o) => o.kind === 'state' && o.detail === 'connected').at(-1)?.at;
    expect(connectedAt, `round ${round}: a connect was observed`).toBeDefined();
    expect(
      connectedAt! - droppedAt,
      `round ${round}: connected only after the refusal window`,
    ).toBeGreaterThan(REFUSE_MS - 50);
    const attempts = reconnectAttempts(observations, droppedAt);
    expect(
      attempts.length,
      `round ${round}: at least one refused attempt, then success`,
    ).toBeGreaterThanOrEqual(2);
    expect(attempts[0]?.after, `round ${round}: the first retry answers the drop`).toMatch(/disconnected/);
    attempts.forEach(({ delayMs }, n) => {
      const { min, max } = attemptWindow(n);
      expect(delayMs, `round ${round}, attempt ${n + 1}: ${delayMs} ms >= ${min}`).toBeGreaterThanOrEqual(
        min - 5,
      );
      expect(delayMs, `round ${round}, attempt ${n + 1}: ${delayMs} ms <= ${max}`).toBeLessThanOrEqual(
        max + TIMER_SLACK_MS,
      );
    });
    allDelays.push(...attempts.map((a) => a.delayMs));

    // Changes made after the reconnection reach the subscriber: a create, then an update of the same record.
    const name = `realtime-round-${round}-${droppedAt}`;
    const sentAt = Date.now();
    const id = await createLead(request, token, name);
    const updateSentAt = Date.now();
    await updateLead(request, token, id, `${name}-updated`);
    await expect
      .poll(
        async () =>
          (await received(page)).filter((e) => e.id === id).map((e) => `${e.type}:${String(e.name)}`),
        { timeout: 5_000, intervals: [10] },
      )
      .toEqual([`create:${name}`, `update:${name}-updated`]);
    const events = await received(page);
    const created = events.find((e) => e.id === id && e.type === 'create')!;
    const updated = events.find((e) => e.id === id && e.type === 'update')!;
    const delays = attempts.map((a) => a.delayMs).join(' + ');
    const row =
      `| ${String(round).padStart(5)} | ${String(connectedAt! - droppedAt).padStart(9)} | ${delays.padEnd(21)} | ` +
      `${String(created.at - sentAt).padStart(19)} | ${String(updated.at - updateSentAt).padStart(19)} |`;
    rows.push(row);
    console.log(`[realtime drop] ${row}`);
  }

  console.log(
    [
      `[realtime drop] ${ROUNDS}/${ROUNDS} reconnected after a ${REFUSE_MS} ms refusal and received the later changes`,
      '| round | back (ms) | reconnect delays (ms) | create latency (ms) | update latency (ms) |',
      ...rows,
      `delays: min ${Math.min(...allDelays)} ms, max ${Math.max(...allDelays)} ms ` +
        `(window ${BACKOFF.delay * (1 - BACKOFF.randomization)}-${BACKOFF.delayMax} ms, never 0)`,
    ].join('\n'),
  );
  expect(Math.min(...allDelays)).toBeGreaterThan(0);
  expect(pageErrors).toEqual([]);
  await page.evaluate(() => window.realtimeFixture.stop());
});
