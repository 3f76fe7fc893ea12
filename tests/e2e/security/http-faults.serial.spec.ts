/**
 * The HTTP fault matrix (docs/security.md, "HTTP faults and nothing lost"): public settings, `me`, createCheckout and
 * page logs, each under 500, 503, 429, a 10 s delay, a dropped connection and a 200 with malformed JSON. Faults are
 * global harness state, so this file runs in the `stateful` project, one test at a time.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { addFault, clearFaults, HARNESS, signIn } from '../support/harness.ts';
import { type Browser, expect, type Page, test } from '../support/test.ts';
import {
  CHECKOUT_ALERT,
  CHECKOUT_CALL_TIMEOUT_MS,
  expectQuiet,
  expectUsable,
  FAULT_KINDS,
  FAULT_TARGETS,
  type FaultKind,
  type FaultTarget,
  failingCheckoutJourney,
  pageLogJourney,
  STARTUP_CALL_TIMEOUT_MS,
  startupJourney,
} from './support/fault-scenarios.ts';
import { openRecordedSite, type RecordedSite } from './support/hosted-site.ts';

test.use({ viewport: { width: 1300, height: 850 } });
// The machine is shared: give a slow page load room without letting a hang pass.
test.setTimeout(60_000);

const cell = (target: FaultTarget, kind: FaultKind) => `${target}|${kind}`;

/** Outcomes go to a file of the run's output folder: a failed test restarts the worker, and memory with it. */
const matrixFile = (outputDir: string) => join(outputDir, 'security-fault-matrix.jsonl');

function readOutcomes(outputDir: string): Map<string, string> {
  const outcomes = new Map<string, string>();
  if (!existsSync(matrixFile(outputDir))) return outcomes;
  for (const line of readFileSync(matrixFile(outputDir), 'utf8').split('\n').filter(Boolean)) {
    const [key, outcome] = JSON.parse(line) as [string, string];
    outcomes.set(key, outcome);
  }
  return outcomes;
}

/** Runs `journey` and notes its outcome (or its failure) in the printed matrix. */
async function noted(target: FaultTarget, kind: FaultKind, journey: () => Promise<string>): Promise<void> {
  const note = (outcome: string) => {
    const { outputDir } = test.info().project;
    mkdirSync(outputDir, { recursive: true });
    appendFileSync(matrixFile(outputDir), `${JSON.stringify([cell(target, kind), outcome])}\n`);
  };
  try {
    note(`ok: ${await journey()}`);
  } catch (error) {
    note(`FAILED: ${String((error as Error).message).split('\n')[0]}`);
    throw error;
  }
}

test.afterEach(async ({ request }) => {
  await clearFaults(request);
});

test.afterAll(() => {
  const outcomes = readOutcomes(test.info().project.outputDir);
  const kinds = Object.keys(FAULT_KINDS) as FaultKind[];
  const rows = (Object.keys(FAULT_TARGETS) as FaultTarget[]).map(
    (target) =>
      `| ${target} | ${kinds.map((kind) => outcomes.get(cell(target, kind)) ?? 'not run').join(' | ')} |`,
  );
  const passed = [...outcomes.values()].filter((text) => text.startsWith('ok')).length;
  console.log(
    [
      '',
      `HTTP fault matrix: ${outcomes.size} cases tried, ${passed} passed`,
      `| target | ${kinds.join(' | ')} |`,
      `| --- |${kinds.map(() => ' --- |').join('')}`,
      ...rows,
      '',
    ].join('\n'),
  );
});

const quickKinds = (Object.keys(FAULT_KINDS) as FaultKind[]).filter((kind) => kind !== 'delay 10 s');

for (const kind of quickKinds) {
  test.describe(`fault: ${kind}`, () => {
    for (const target of Object.keys(FAULT_TARGETS) as FaultTarget[]) {
      test(`${target} → ${kind}: handled, usable, no app_error`, async ({ page, request }) => {
        await addFault(request, { path: FAULT_TARGETS[target], ...FAULT_KINDS[kind] });
        await noted(target, kind, () => {
          if (target === 'createCheckout') return failingCheckoutJourney(page);
          if (target === 'page logs') return pageLogJourney(page, request);
          return startupJourney(page, request);
        });
      });
    }
  });
}

/** A fresh, isolated visitor (own storage), on the editor's permissions. */
async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1300, height: 850 },
    permissions: ['local-network-access'],
  });
  return context.newPage();
}

test('10 s delay on all four at once: the startup check and checkout give up at 8 s, logs are ignored', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const kind: FaultKind = 'delay 10 s';
  const delay = FAULT_KINDS[kind];
  const [settingsPage, mePage, checkoutPage, logsPage] = await Promise.all([
    freshPage(browser),
    freshPage(browser),
    freshPage(browser),
    freshPage(browser),
  ]);
  const [settingsToken, meToken, logsToken] = await Promise.all([
    signIn(request, 'user'),
    signIn(request, 'user'),
    signIn(request, 'user'),
  ]);

  /**
   * The faults are global, so each visitor is started once the previous one's slow call is in flight: a one-shot
   * fault is consumed by that call, and the next visitor's call of the same path is answered at once.
   */
  const sent = (page: Page, path: string) =>
    page.waitForRequest((req) => new URL(req.url()).pathname.startsWith(path) && req.method() !== 'OPTIONS');
  /** When the spinner, once shown, went away. Watched from the start: the machine may be slow to open the rest. */
  const spinnerGone = async (site: RecordedSite) => {
    await expect(site.frame.getByRole('status')).toBeVisible({ timeout: 20_000 });
    await expect(site.frame.getByRole('status')).toHaveCount(0, { timeout: 20_000 });
    return Date.now();
  };
  // How each slow startup call ended in the browser: the client's timeout cancels it (no late answer to ignore).
  const startupFailures: Partial<Record<FaultTarget, string>> = {};
  const recordFailure = (page: Page, target: 'public settings' | 'me') =>
    page.on('requestfailed', (req) => {
      if (req.url().includes(FAULT_TARGETS[target]) && req.method() === 'GET')
        startupFailures[target] = req.failure()?.errorText ?? '?';
    });
  recordFailure(settingsPage, 'public settings');
  recordFailure(mePage, 'me');

  await addFault(request, { path: FAULT_TARGETS['public settings'], ...delay, times: 1 });
  const settingsSent = sent(settingsPage, FAULT_TARGETS['public settings']);
  const settingsSite = await openRecordedSite(settingsPage, `/Process?access_token=${settingsToken}`);
  await settingsSent;
  const settingsStart = Date.now();
  const settingsSpinner = spinnerGone(settingsSite);
  settingsSpinner.catch(() => {}); // awaited below; this only keeps an early failure from counting as unhandled
  await settingsPage.waitForTimeout(300);

  await addFault(request, { path: FAULT_TARGETS.me, ...delay, times: 1 });
  const meSent = sent(mePage, FAULT_TARGETS.me);
  const meSite = await openRecordedSite(mePage, `/Process?access_token=${meToken}`);
  await meSent;
  const meStart = Date.now();
  const meSpinner = spinnerGone(meSite);
  meSpinner.catch(() => {});
  await mePage.waitForTimeout(300);

  await addFault(request, { path: FAULT_TARGETS['page logs'], ...delay });
  await addFault(request, { path: FAULT_TARGETS.createCheckout, ...delay });
  const logsSite = await openRecordedSite(logsPage, `/Process?access_token=${logsToken}`);
  const checkoutSite = await openRecordedSite(checkoutPage, '/Pricing');

  const startupCase = async (target: FaultTarget, site: RecordedSite, start: number, gone: Promise<number>) =>
    noted(target, kind, async () => {
      const span = (await gone) - start;
      // It waited for the call (the give-up time), and gave up before the slow answer came.
      expect(span).toBeGreaterThan(STARTUP_CALL_TIMEOUT_MS - 1000);
      await expect.poll(() => startupFailures[target]).toBe('net::ERR_ABORTED');
      await expect(site.frame.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
      await expectUsable(site);
      await expect(site.frame.getByRole('status')).toHaveCount(0);
      await expectQuiet(site);
      return `spinner ended after ${(span / 1000).toFixed(1)} s (call aborted); signed out; usable`;
    });

  const logsCase = () =>
    noted('page logs', kind, async () => {
      await expect(logsSite.frame.getByRole('button', { name: 'Sign out' })).toBeVisible();
      await expectUsable(logsSite);
      await expect(logsSite.frame.getByRole('status')).toHaveCount(0);
      await expect
        .poll(() => logsSite.recording.requests.filter((r) => r.url.includes('/log-user-in-app/')).length)
        .toBeGreaterThanOrEqual(2);
      await logsPage.waitForTimeout(delay.delayMs + 500);
      await expect(logsSite.frame.getByRole('button', { name: 'Sign out' })).toBeVisible();
      await expectQuiet(logsSite);
      return 'page usable while logs hang; signed in';
    });

  const checkoutCase = () =>
    noted('createCheckout', kind, async () => {
      const started = Date.now();
      const button = checkoutSite.frame.getByRole('button', { name: 'Get Started Now' });
      await button.click();
      await expect(checkoutSite.frame.getByRole('button', { name: 'Loading...' })).toBeDisabled();
      // The call gives up before the slow answer (CHECKOUT_CALL_TIMEOUT_MS in src/checkout/start-checkout.ts).
      await expect
        .poll(() => checkoutSite.recording.dialogs, { timeout: delay.delayMs + 5000 })
        .toEqual([CHECKOUT_ALERT]);
      const took = Date.now() - started;
      expect(took).toBeGreaterThan(CHECKOUT_CALL_TIMEOUT_MS - 1000);
      await expect(button).toBeEnabled();
      // The slow answer, when it comes, moves nothing.
      await checkoutPage.waitForTimeout(Math.max(0, started + delay.delayMs + 1000 - Date.now()));
      expect(checkoutPage.url()).toBe(`${HARNESS}/__e2e/host`);
      expect(new URL(checkoutSite.siteFrame().url()).pathname).toBe('/Pricing');
      await expectQuiet(checkoutSite, [/^Checkout failed/]);
      await button.click();
      await expect(checkoutSite.frame.getByRole('button', { name: 'Loading...' })).toBeDisabled();
      return `alert after ${(took / 1000).toFixed(1)} s; late answer ignored; button works again`;
    });

  // Settled, not all: every case gets its row in the matrix before the first failure is reported.
  const results = await Promise.allSettled([
    startupCase('public settings', settingsSite, settingsStart, settingsSpinner),
    startupCase('me', meSite, meStart, meSpinner),
    logsCase(),
    checkoutCase(),
  ]);
  for (const page of [settingsPage, mePage, checkoutPage, logsPage]) await page.context().close();
  for (const result of results) if (result.status === 'rejected') throw result.reason;
});
