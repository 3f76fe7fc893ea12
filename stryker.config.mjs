// @ts-check
/**
 * Mutation testing (`npm run test:mutation`): StrykerJS changes the modules where the site makes its security and flow
 * decisions one small edit at a time and runs the unit tests against each change; a change that no test notices
 * ("survived") is a behaviour no test pins down. See tests/mutation/README.md.
 *
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
const config = {
  // Stryker's Vitest runner, with zero-test runs retried instead of scored as survivors (see the plugin's comment).
  testRunner: 'vitest-retrying',
  appendPlugins: ['./tests/mutation/vitest-retry-runner.mjs'],
  // Unit tests only (tests/mutation/vitest.config.ts): no servers, no fixed ports.
  vitest: { configFile: 'tests/mutation/vitest.config.ts' },
  mutate: [
    'src/platform/launch-token.ts',
    'src/platform/launch-params.ts',
    'src/platform/error-derivation.ts',
    'src/platform/auth-errors.ts',
    'src/bridge/parent-origin.ts',
    'src/bridge/messages.ts',
    'src/bridge/install-bridge.ts',
    'src/shared/checkout/checkout-url.ts',
    'src/shared/checkout/start-checkout.ts',
    'src/shared/checkout/leave-for-checkout.ts',
    'src/app/auth/check-app-state.ts',
    'src/sections/contact/use-contact-draft.ts',
    // The backend functions' decisions (tested in Node, tests/unit-node/base44): what a checkout asks the provider
    // for, and what the webhook reads from an event, records on the order and e-mails the agency.
    'base44/shared/env.ts',
    'base44/shared/calendar.ts',
    'base44/shared/packages.ts',
    'base44/functions/createCheckout/checkout-request.ts',
    'base44/functions/createCheckout/config.ts',
    'base44/functions/createCheckout/session-params.ts',
    'base44/functions/stripeWebhook/config.ts',
    'base44/functions/stripeWebhook/event-content.ts',
    'base44/functions/stripeWebhook/order-emails.ts',
    'base44/functions/stripeWebhook/order-record.ts',
    'base44/functions/stripeWebhook/orders.ts',
    'base44/functions/stripeWebhook/purchase-events.ts',
    'base44/functions/stripeWebhook/ownership.ts',
    // The harness's function runner (who may call a function, what reaches it, which packages it may use), the Host
    // check its runtimes and servers share, the payment double's billing and its webhook retries, and e-mail header
    // fields (tests in tests/unit-node/harness and tests/unit/harness).
    'host-harness/src/emulator/functions/harness-call.ts',
    'host-harness/src/emulator/functions/forwarded-headers.ts',
    'host-harness/src/emulator/functions/function-env.ts',
    'host-harness/src/emulator/functions/npm-specifier.ts',
    'host-harness/src/serving/loopback-host.ts',
    'host-harness/src/emulator/payments/billing/billing-dates.ts',
    'host-harness/src/emulator/payments/billing/billing-terms.ts',
    'host-harness/src/emulator/payments/webhooks/retry-schedule.ts',
    'host-harness/src/emulator/email/mail-fields.ts',
  ],
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
  thresholds: { high: 90, low: 85, break: 85 },
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
