import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, PLAYWRIGHT_CHROMIUM } from './config/chromium.mjs';

/**
 * End-to-end tests in Debian's Chromium (never a downloaded browser) against the servers of `npm start`: the site on
 * :4401 and the harness on :4400, with an in-memory emulator. `npm test` builds first; the web server only serves.
 */
const ci = Boolean(process.env.CI);

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: ci ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: 'reports/e2e.json' }]],
  use: {
    baseURL: 'http://localhost:4401',
    // Recording a trace costs about a fifth of a test's time. In CI a failed test is run once more with a trace (a
    // flaky one then passes with its trace kept); locally every failure keeps the trace of its one run.
    trace: ci ? 'on-first-retry' : 'retain-on-failure',
    // Chromium blocks a localhost iframe inside another localhost page unless this is granted (the editor's case).
    permissions: ['local-network-access'],
    launchOptions: {
      executablePath: PLAYWRIGHT_CHROMIUM,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    // Tests that only read the harness's state run in parallel.
    { name: 'chromium', use: { ...devices['Desktop Chrome'] }, testIgnore: /\.serial\.spec\.ts$/ },
    // Tests that change global harness state (faults, settings) run afterwards, one at a time.
    {
      name: 'stateful',
      use: { ...devices['Desktop Chrome'] },
      testMatch: /\.serial\.spec\.ts$/,
      workers: 1,
      fullyParallel: false,
      dependencies: ['chromium'],
    },
  ],
  webServer: {
    command: 'node scripts/start.mjs --no-build',
    url: 'http://localhost:4400/__harness/health',
    reuseExistingServer: !ci,
    timeout: 60_000,
    // A closed port allowed as a remote origin: the editor shell's test of an unreachable remote (the site's own
    // server is always up), and of the allow-list the shell's ?remote= follows.
    env: { HARNESS_DATA: 'memory', HARNESS_QUIET: '1', SHELL_REMOTE_ORIGINS: 'http://localhost:1' },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
