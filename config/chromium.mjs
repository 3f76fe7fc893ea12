import { existsSync } from 'node:fs';

/**
 * The flags Debian's Chromium needs on this machine, wherever it is started (Playwright, screenshots, Lighthouse): no
 * sandbox (root in a container), no GPU, and none of the browser's own network traffic or first-run work.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Debian's Chromium for Playwright: its headless shell (`chromium-headless-shell`, the same engine and version without
 * the full browser around it, as Playwright's own headless runs use) when installed, about half the CPU per test of the
 * full browser on 2 cores; else the full browser. `CHROME_PATH` overrides both.
 */
export const PLAYWRIGHT_CHROMIUM =
  process.env.CHROME_PATH ??
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');
