/**
 * The Firefox smoke: the main flows of the site in Debian's firefox-esr over WebDriver BiDi (Puppeteer), against the
 * servers of `npm start --no-build`. One line per case, a closing `N passed, N failed`, reports/firefox.json
 * (`{ passed, failed, skipped }`), exit code 1 on any failure. Started by tests/firefox/run.mjs.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Browser } from 'puppeteer-core';
import { closeFirefox, launchFirefox, openSession, type Session } from './browser.ts';
import { checkoutReachesPaymentSuccess } from './cases/checkout.ts';
import { contactFormSends } from './cases/contact-form.ts';
import { mobileMenu } from './cases/mobile-menu.ts';
import { everyRouteHydrates } from './cases/routes.ts';
import { shellBridge } from './cases/shell-bridge.ts';
import { ATTEMPTS, FIREFOX, limits, REPORT } from './constants.ts';
import { type Servers, startServers } from './servers.ts';
import { sleep } from './wait.ts';

interface Case {
  name: string;
  run(session: Session): Promise<void>;
}

const cases: Case[] = [
  { name: 'every route renders and hydrates without errors', run: everyRouteHydrates },
  { name: 'the mobile menu opens as a dialog, navigates, and Escape returns the focus', run: mobileMenu },
  { name: 'the contact form sends and says so', run: contactFormSends },
  {
    name: 'checkout: the pay page, an e-mail typed, Pay, PaymentSuccess',
    run: checkoutReachesPaymentSuccess,
  },
  { name: "the editor shell logs the bridge's app_changed_url", run: shellBridge },
];

const started = performance.now();
const deadline = started + limits.totalMs;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)}s`;
const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** One attempt: a fresh browser context, the case within its time, then no error reported by any of its pages. */
async function attempt(browser: Browser, test: Case, timeout: number): Promise<void> {
  const { session, context } = await openSession(browser);
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      test.run(session),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${seconds(timeout)}`)), timeout);
      }),
    ]);
    // Errors reported just after the last step (late effects, a failing background request) still count.
    await sleep(250);
    if (session.errors.length)
      throw new Error(`errors reported by the page:\n    ${session.errors.join('\n    ')}`);
  } catch (error) {
    if (session.errors.length && !message(error).startsWith('errors reported'))
      throw new Error(
        `${message(error)}\n    errors reported by the page:\n    ${session.errors.join('\n    ')}`,
      );
    throw error;
  } finally {
    clearTimeout(timer);
    await Promise.race([context.close().catch(() => {}), sleep(limits.closeMs)]);
  }
}

async function runCase(browser: Browser, test: Case): Promise<boolean> {
  for (let tries = 1; tries <= ATTEMPTS; tries++) {
    const left = deadline - performance.now();
    if (left < limits.minCaseMs) {
      console.log(`  ✘ ${test.name}: not run, the smoke's ${seconds(limits.totalMs)} budget is spent`);
      return false;
    }
    const begun = performance.now();
    try {
      await attempt(browser, test, Math.min(limits.caseMs, left - 5_000));
      const retried = tries > 1 ? ' (passed on retry)' : '';
      console.log(`  ✔ ${test.name} (${seconds(performance.now() - begun)})${retried}`);
      return true;
    } catch (error) {
      const again = tries < ATTEMPTS ? ' — retrying' : '';
      console.log(`  ✘ ${test.name} (${seconds(performance.now() - begun)})${again}\n    ${message(error)}`);
    }
  }
  return false;
}

let passed = 0;
let failed = 0;
let servers: Servers | undefined;
let browser: Browser | undefined;
const stopAll = async () => {
  if (browser) await closeFirefox(browser);
  browser = undefined;
  await servers?.stop();
  servers = undefined;
};
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    void stopAll().finally(() => process.exit(130));
  });

// The whole run is bounded: a hang in the browser or the servers ends here rather than in CI's own timeout.
const watchdog = setTimeout(() => {
  console.error(`[firefox] the smoke exceeded ${seconds(limits.totalMs + 15_000)}: stopping`);
  void stopAll().finally(() => process.exit(1));
}, limits.totalMs + 15_000);
watchdog.unref();

try {
  servers = await startServers();
  console.log(`[firefox] servers ready (${seconds(performance.now() - started)})`);
  browser = await launchFirefox();
  console.log(
    `[firefox] ${await browser.version()} from ${FIREFOX} (${seconds(performance.now() - started)})`,
  );
  for (const test of cases) {
    if (await runCase(browser, test)) passed++;
    else failed++;
  }
} catch (error) {
  console.error(`[firefox] could not run the smoke: ${message(error)}`);
  failed = cases.length - passed;
} finally {
  await stopAll();
}

mkdirSync(dirname(REPORT), { recursive: true });
writeFileSync(REPORT, `${JSON.stringify({ passed, failed, skipped: 0 })}\n`);
console.log(`[firefox] total ${seconds(performance.now() - started)}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
