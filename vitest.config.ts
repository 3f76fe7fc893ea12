import { defineConfig } from 'vitest/config';
import { defaultSiteConfig } from './config/site-config.ts';

/**
 * Node 25 and later have a `localStorage` of their own on the global object (an accessor that answers `undefined`
 * without `--localstorage-file`), which shadows happy-dom's in the `unit` project; the flag that turns it off exists
 * from Node 22 on (Node 20, which has none, rejects it).
 */
const withoutNodeWebStorage = process.allowedNodeEnvironmentFlags.has('--experimental-webstorage')
  ? ['--no-experimental-webstorage']
  : [];

// Three projects: `unit` (components and pure modules, in happy-dom), `unit-node` (pure modules of the backend functions
// and the harness that run in Node: no server, no port) and `integration` (the platform emulator and the platform
// client over real HTTP and WebSocket, in Node). The payment provider's stand-in keeps its tests in one folder,
// tests/payment-provider: its `unit/` tests are in `unit-node`, its `integration/` ones in `integration`.
export default defineConfig({
  define: { __SITE_CONFIG__: JSON.stringify(defaultSiteConfig) },
  // The backend functions import npm packages as Deno does (`npm:name@version`); in Node the same package comes from
  // node_modules, pinned to that version in package.json (the functions' bundle step checks that they agree).
  resolve: { alias: [{ find: /^npm:((?:@[^/@]+\/)?[^/@]+)@[^/]+/, replacement: '$1' }] },
  test: {
    // Vitest's default is one worker per core less one: a single worker on a 2-core machine. The integration tests
    // mostly wait on sockets and timers (the 20-round realtime drop alone takes about 70 s), so three workers share
    // the cores well: the whole run takes about 90 s instead of 190 s.
    maxWorkers: 3,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          execArgv: withoutNodeWebStorage,
          setupFiles: ['tests/unit/setup.ts'],
          // A test that imports whole pages (page-registry) takes seconds on a loaded 2-core machine.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        // Password hashing (scrypt) and in-process route tests take seconds on a loaded 2-core machine.
        test: {
          name: 'unit-node',
          include: ['tests/unit-node/**/*.test.ts', 'tests/payment-provider/unit/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts', 'tests/payment-provider/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
});
