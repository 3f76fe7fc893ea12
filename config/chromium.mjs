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
