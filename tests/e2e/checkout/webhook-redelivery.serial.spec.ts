/**
 * A webhook that is down while a buyer pays, then comes back after a restart of the harness, in Chromium: the events
 * the payment provider's stand-in stored before delivering them are sent again by the restarted harness from the same
 * database file, and the checkout ends with exactly one Order and one e-mail, every attempt visible in the control API.
 *
 * It runs its own harness (the emulator's CLI on port 4410 and the payment provider's stand-in's on 4411, with a data
 * folder of their own and a compressed retry schedule), so that it can stop and start them; its checkout returns to the
 * site of `npm start`. Serial: a second harness and its cold Deno functions are the heaviest thing the run does.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SETUP_PENCE, SETUP_TEXT } from '../../support/spec-figures.ts';
import { expect, test } from '../support/test.ts';
import { mailsAbout, ordersOf, payOnPage, type SessionRecord, sessionRecord } from './checkout-support.ts';

const PORT = 4410;
const PROVIDER_PORT = 4411;
const OWN = `http://localhost:${PORT}`;
const WEBHOOK = '/api/apps/local-app/functions/stripeWebhook';
const repo = path.resolve(import.meta.dirname, '../../..');

/** The session's events the webhook endpoint is sent (the others are created and kept, never delivered). */
const sentEvents = (record: SessionRecord) => record.events.filter((e) => e.state !== 'not_sent');

/** One of the harness's two processes, resolved once it prints that it listens. */
function startProcess(entry: string, env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  // `node --import tsx` keeps each server in this one process, so a signal reaches it (the tsx wrapper would not).
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: repo,
    env: { ...process.env, HARNESS_QUIET: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`${entry} did not start: ${out}`)), 30_000);
    const collect = (chunk: Buffer) => {
      out += chunk;
      if (/listening on/.test(out)) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    child.once('exit', (code) => reject(new Error(`${entry} exited (${code}): ${out}`)));
  });
}

/** The payment provider's stand-in (its events kept in the data folder) and the platform emulator that calls it. */
async function startHarness(dataDir: string): Promise<ChildProcess[]> {
  const provider = await startProcess('host-harness/payments/cli.ts', {
    PROVIDER_PORT: String(PROVIDER_PORT),
    HARNESS_DATA: dataDir,
    PROVIDER_WEBHOOK_URL: `${OWN}${WEBHOOK}`,
    HARNESS_WEBHOOK_RETRY_MS: '300',
    HARNESS_WEBHOOK_RETRY_MAX_MS: '1000',
    // Each event delivered once, so that the attempts counted are the redeliveries.
    HARNESS_EVENT_DUPLICATES: '0',
  });
  try {
    const emulator = await startProcess('host-harness/src/emulator/cli.ts', {
      HARNESS_PORT: String(PORT),
      HARNESS_DATA_DIR: dataDir,
      PAYMENT_PROVIDER_URL: `http://localhost:${PROVIDER_PORT}`,
    });
    return [provider, emulator];
  } catch (error) {
    await stop([provider]);
    throw error;
  }
}

async function stop(children: ChildProcess[]): Promise<void> {
  await Promise.all(
    children.map((child) => {
      if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
      return new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
    }),
  );
}

test('a webhook down while the buyer pays, then back after a harness restart: one Order, one e-mail, attempts visible', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-redelivery-'));
  let harness = await startHarness(dataDir);
  try {
    // The webhook is down: every delivery to it is answered 503.
    const down = await request.post(`${OWN}/__harness/faults`, { data: { path: WEBHOOK, status: 503 } });
    expect(down.ok()).toBe(true);
    const checkout = await request.post(`${OWN}/api/apps/local-app/functions/createCheckout`, {
      data: { packageName: 'gold' },
    });
    expect(checkout.status()).toBe(200);
    const { url } = (await checkout.json()) as { url: string };
    const sessionId = url.split('/').pop() ?? '';

    await page.goto(url);
    await expect(page.getByText(`Due today ${SETUP_TEXT}`)).toBeVisible();
    await payOnPage(page, sessionId, 'card');

    // Each event the endpoint is sent is refused, and sent again on the schedule: nothing recorded yet.
    await expect
      .poll(
        async () =>
          sentEvents(await sessionRecord(request, sessionId, OWN)).every((e) => e.attempts.length >= 2),
        {
          timeout: 15_000,
        },
      )
      .toBe(true);
    expect(await ordersOf(request, sessionId, OWN)).toEqual([]);
    expect(await mailsAbout(request, sessionId, OWN)).toEqual([]);

    // The harness restarts on the same data folder; its webhook is up again.
    await stop(harness);
    harness = await startHarness(dataDir);
    await expect
      .poll(async () => sentEvents(await sessionRecord(request, sessionId, OWN)).every((e) => e.delivered), {
        timeout: 30_000,
      })
      .toBe(true);

    expect(await ordersOf(request, sessionId, OWN)).toEqual([
      expect.objectContaining({ status: 'paid', amount_total: SETUP_PENCE, email_sent: true }),
    ]);
    expect(await mailsAbout(request, sessionId, OWN)).toHaveLength(1);
    const record = await sessionRecord(request, sessionId, OWN);
    const completed = record.events.find((e) => e.type === 'checkout.session.completed');
    const statuses = completed?.attempts.map((a) => a.status) ?? [];
    expect(statuses.slice(0, 2)).toEqual([503, 503]);
    expect(statuses.at(-1)).toBe(200);
  } finally {
    await stop(harness);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
