import { readdirSync, readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
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

/** Faking the clock or timers, or replacing modules. */
const CHANGES_SHARED_STATE = /\bvi\.(useFakeTimers|setSystemTime|mock|doMock|resetModules)\(/;

/**
 * The tests in Node under `folders` that need a module graph of their own (the others share one per worker): a test
 * file that fakes the clock or replaces a module, or imports a helper that does (the harness's `nowIso` never goes back
 * before a time it has given, so a clock faked forward in one file would move the next file's dates; the payment
 * provider's `control/control-app.ts` fakes the clock and registers its `afterEach` when it is first imported).
 */
const ownModuleGraph = (folders: string[]): string[] =>
  folders.flatMap((folder) => {
    const files = readdirSync(resolve(import.meta.dirname, folder), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts'))
      .map((file) => ({
        path: `${folder}/${file}`,
        text: readFileSync(resolve(import.meta.dirname, folder, file), 'utf8'),
      }));
    const helpers = files
      .filter(({ path, text }) => !path.endsWith('.test.ts') && CHANGES_SHARED_STATE.test(text))
      .map(({ path }) => `/${basename(path, '.ts')}.ts'`);
    return files
      .filter(({ path }) => path.endsWith('.test.ts'))
      .filter(
        ({ text }) => CHANGES_SHARED_STATE.test(text) || helpers.some((helper) => text.includes(helper)),
      )
      .map(({ path }) => path);
  });

const UNIT_NODE = ['tests/unit-node', 'tests/payment-provider/unit'];
const UNIT_NODE_OWN_GRAPH = ownModuleGraph(UNIT_NODE);
const INTEGRATION = ['tests/integration', 'tests/payment-provider/integration'];
const INTEGRATION_OWN_GRAPH = ownModuleGraph(INTEGRATION);

/**
 * Browser-side unit tests that compare an object's class with Node's own (`instanceof URL`, `DOMException`): they run
 * in a process of their own, where happy-dom's window and Node share one realm.
 */
const OWN_REALM = [
  'tests/unit/bridge/install-bridge.limits.test.ts',
  'tests/unit/shared/site-platform/site-bridge-loader.test.ts',
];

// Three kinds of test, each in a project that shares what it can and one for the files that cannot: `unit` and
// `unit-own-realm` (components and pure modules, in happy-dom), `unit-node` and `unit-node-isolated` (pure modules of
// the backend functions and the harness that run in Node: no server, no port), `integration` and `integration-isolated`
// (the platform emulator and the platform client over real HTTP and WebSocket, in Node). The payment provider's
// stand-in keeps its tests in one folder, tests/payment-provider: its `unit/` tests are in the `unit-node` projects,
// its `integration/` ones in the `integration` projects. `npm run test:quick` runs the four `unit` ones.
export default defineConfig({
  define: { __SITE_CONFIG__: JSON.stringify(defaultSiteConfig) },
  // The backend functions import npm packages as Deno does (`npm:name@version`); in Node the same package comes from
  // node_modules, pinned to that version in package.json (the functions' bundle step checks that they agree).
  resolve: { alias: [{ find: /^npm:((?:@[^/@]+\/)?[^/@]+)@[^/]+/, replacement: '$1' }] },
  test: {
    // Vitest's default is one worker per core less one: a single worker on a 2-core machine. The integration tests
    // mostly wait on sockets and timers (the 20-round realtime drop alone takes over a minute), so three workers share
    // the cores well.
    maxWorkers: 3,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          exclude: OWN_REALM,
          environment: 'happy-dom',
          // Each file in a fresh VM context of a reused worker: isolated as before, without starting a process and a
          // happy-dom window per file (about a third of the time).
          pool: 'vmThreads',
          execArgv: withoutNodeWebStorage,
          setupFiles: ['tests/unit/setup.ts'],
          // A test that imports whole pages (page-registry) takes seconds on a loaded 2-core machine.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-own-realm',
          include: OWN_REALM,
          environment: 'happy-dom',
          execArgv: withoutNodeWebStorage,
          setupFiles: ['tests/unit/setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        // Password hashing (scrypt) and in-process route tests take seconds on a loaded 2-core machine.
        test: {
          name: 'unit-node',
          include: UNIT_NODE.map((folder) => `${folder}/**/*.test.ts`),
          exclude: UNIT_NODE_OWN_GRAPH,
          environment: 'node',
          testTimeout: 20_000,
          // One module graph per worker, not one per file (about a third of the time): these modules keep no state
          // between files but what the setup file resets (timers, clock, environment, spies).
          isolate: false,
          setupFiles: ['tests/support/shared-graph-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-node-isolated',
          include: UNIT_NODE_OWN_GRAPH,
          environment: 'node',
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: INTEGRATION.map((folder) => `${folder}/**/*.test.ts`),
          exclude: INTEGRATION_OWN_GRAPH,
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 30_000,
          // One module graph per worker, as `unit-node`: each file starts its own emulators and servers.
          isolate: false,
          setupFiles: ['tests/support/shared-graph-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration-isolated',
          include: INTEGRATION_OWN_GRAPH,
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
});
