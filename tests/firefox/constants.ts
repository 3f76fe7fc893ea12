/** Fixed names and limits of the Firefox smoke (the same servers and ports as Playwright's webServer). */
import { resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');
export const SITE = 'http://localhost:4401';
export const HARNESS = 'http://localhost:4400';
export const PORTS = [4400, 4401] as const;
export const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
export const REPORT = resolve(ROOT, 'reports/firefox.json');

/** Like Playwright's `retries: ci ? 1 : 0`. */
export const ATTEMPTS = process.env.CI ? 2 : 1;

export const limits = {
  /** The whole run, servers and browser included, ends before this (the brief: under 4 minutes). */
  totalMs: 200_000,
  /** Time left at which no further case attempt is started. */
  minCaseMs: 15_000,
  caseMs: 45_000,
  serverStartMs: 60_000,
  browserLaunchMs: 30_000,
  /** One WebDriver BiDi command (Puppeteer's default is 180 s, longer than a case). */
  protocolMs: 20_000,
  closeMs: 10_000,
  /** A visible change after an action (Playwright's expect timeout in this project). */
  expectMs: 7_000,
  /** Scripts load after the first paint (src/entries/boot-script.ts); as in tests/e2e/support/test.ts. */
  hydrationMs: 20_000,
  /** createCheckout runs in Deno: the first call may start the function. */
  checkoutMs: 20_000,
} as const;

export const viewports = {
  desktop: { width: 1280, height: 720 },
  mobile: { width: 390, height: 844 },
  /** Wider than the shell's 1440x900: see cases/shell-bridge.ts. */
  shell: { width: 1920, height: 1080 },
} as const;
