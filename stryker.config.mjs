// @ts-check
/**
 * Mutation testing (`npm run test:mutation`): StrykerJS changes every module of the site, the backend functions and the
 * harness (SCOPE, less EXCLUDED) one small edit at a time and runs the unit tests against each change; a change that
 * no test notices ("survived") is a behaviour no test pins down. See tests/mutation/README.md.
 *
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
/** The code mutation testing covers: every `.ts` module under these folders (`.tsx` components are not in it). */
export const SCOPE = ['src/**/*.ts', 'base44/**/*.ts', 'host-harness/src/**/*.ts'];

/**
 * Modules of SCOPE that hold no decision, and why. A module with a condition, a computation or a table that a caller
 * relies on stays in scope.
 */
export const EXCLUDED = {
  // Barrels: re-exports only.
  'src/bridge/index.ts': 're-exports only',
  'src/hydration/index.ts': 're-exports only',
  'src/platform/index.ts': 're-exports only',
  'host-harness/src/emulator/index.ts': 're-exports only',
  'host-harness/src/emulator/agents/index.ts': 're-exports only',
  'host-harness/src/emulator/app-logs/index.ts': 're-exports only',
  'host-harness/src/emulator/apps/index.ts': 're-exports only',
  'host-harness/src/emulator/auth/index.ts': 're-exports only',
  'host-harness/src/emulator/control/index.ts': 're-exports only',
  'host-harness/src/emulator/email/index.ts': 're-exports only',
  'host-harness/src/emulator/entities/index.ts': 're-exports only',
  'host-harness/src/emulator/files/index.ts': 're-exports only',
  'host-harness/src/emulator/functions/index.ts': 're-exports only',
  'host-harness/src/emulator/integrations/index.ts': 're-exports only',
  'host-harness/src/emulator/payments/index.ts': 're-exports only',
  'host-harness/src/emulator/payments/account/index.ts': 're-exports only',
  'host-harness/src/emulator/payments/api/index.ts': 're-exports only',
  'host-harness/src/emulator/payments/billing/index.ts': 're-exports only',
  'host-harness/src/emulator/payments/checkout/index.ts': 're-exports only',
  'host-harness/src/emulator/payments/control/index.ts': 're-exports only',
  'host-harness/src/emulator/payments/pay-page/index.ts': 're-exports only',
  'host-harness/src/emulator/payments/webhooks/index.ts': 're-exports only',
  'host-harness/src/emulator/realtime/index.ts': 're-exports only',
  // The functions' entry files: `Deno.serve(handler)`, the platform's contract; the handlers are in scope.
  'base44/functions/createCheckout/index.ts': 'wiring: Deno.serve(handler)',
  'base44/functions/stripeWebhook/index.ts': 'wiring: Deno.serve(handler)',
  // Types only: erased at build time.
  'src/platform/types.ts': 'types only',
  'src/platform/auth-error-type.ts': 'types only',
  'src/site-config-types.ts': 'types only',
  'host-harness/src/emulator/payments/account/stripe-types.ts': 'types only',
  // The site's texts: constant strings and numbers, checked against the spec by tests/unit/content (the content modules
  // that compute something, such as prices from pence or the order reference, stay in scope).
  'src/content/auth.ts': 'texts only',
  'src/content/avatars.ts': 'drawings as data',
  'src/content/brand.ts': 'texts only',
  'src/content/checkout.ts': 'texts only',
  'src/content/claims.ts': 'texts only',
  'src/content/contact-draft.ts': 'texts only',
  'src/content/contact-form.ts': 'texts only',
  'src/content/contact.ts': 'texts only',
  'src/content/home.ts': 'texts only',
  'src/content/layout.ts': 'texts only',
  'src/content/limits.ts': 'constants only',
  'src/content/not-found.ts': 'texts only',
  'src/content/notices.ts': 'texts only',
  'src/content/pages.ts': 'texts only',
  'src/content/process.ts': 'texts only',
  'src/content/results.ts': 'texts only',
  'src/content/seo.ts': 'texts only',
  'src/content/solutions.ts': 'texts only',
  'src/content/timing.ts': 'constants only',
};

const config = {
  // Stryker's Vitest runner, with zero-test runs retried instead of scored as survivors (see the plugin's comment).
  testRunner: 'vitest-retrying',
  appendPlugins: ['./tests/mutation/vitest-retry-runner.mjs'],
  // Unit tests only (tests/mutation/vitest.config.ts): no servers, no fixed ports.
  vitest: { configFile: 'tests/mutation/vitest.config.ts' },
  // Every TypeScript module of the site, the backend functions and the harness (not tests, not `.d.ts`), less the
  // modules that hold no decision (EXCLUDED, each with its reason; tests/mutation/scope.test.ts checks the list).
  mutate: [...SCOPE, '!**/*.d.ts', ...Object.keys(EXCLUDED).map((path) => `!${path}`)],
  // Stryker rewrites the `extends` / `references` paths of this tsconfig in its sandbox, reading it with the
  // `typescript` package's JavaScript API, which TypeScript 7 (the native compiler) no longer has: the step fails.
  // Our tsconfig.json has neither `extends` nor `references`, and the sandbox is a copy of the whole repository, so
  // there is nothing to rewrite: pointing the option at a file that does not exist skips the step.
  tsconfigFile: 'tsconfig.stryker-none.json',
  checkers: [],
  // A mutant's run counts as a timeout (detected) past 1.5 × its tests' time plus this margin. The default margin (5 s)
  // is short on a shared 2-core machine, where a loaded moment then passes for a timeout; genuine endless loops
  // (the bridge's rate window, for one) still end there.
  timeoutMS: 10_000,
  thresholds: { high: 95, low: 90, break: 90 },
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  // `npm run test:mutation` and `npm test` run incrementally: mutants whose code and covering tests are unchanged since
  // this file was written keep their result. Commit it after a run, so that CI re-tests only what changed.
  incrementalFile: 'tests/mutation/stryker-incremental.json',
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};

export default config;
