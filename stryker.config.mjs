// @ts-check
/**
 * Mutation testing (`npm run test:mutation`): StrykerJS changes the modules in MUTATED one small edit at a time and runs
 * the unit tests against each change; a change that no test notices ("survived") is a behaviour no test pins down.
 * The goal is every module of SCOPE less EXCLUDED; MUTATED is the part mutated today. See tests/mutation/README.md.
 */
/** The code mutation testing is to cover: every `.ts` module under these folders (`.tsx` components are not in it). */
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

/**
 * The modules mutated today, all in SCOPE: the money, access and token decisions first (the backend functions, the
 * harness's function runner, access rules, auth and request guards, the site's launch token and HTTP core), then the
 * site's checkout and bridge flows and the payment double's billing dates and retries.
 */
export const MUTATED = [
  // The site: the launch token and its storage, the HTTP core and retries, errors, the bridge, the checkout flow.
  'src/platform/launch-token.ts',
  'src/platform/launch-params.ts',
  'src/platform/take-launch-token.ts',
  'src/platform/token-store.ts',
  'src/platform/http-core.ts',
  'src/platform/backoff.ts',
  'src/platform/error-derivation.ts',
  'src/platform/auth-errors.ts',
  'src/bridge/launch-params.ts',
  'src/bridge/parent-origin.ts',
  'src/bridge/messages.ts',
  'src/bridge/install-bridge.ts',
  'src/shared/checkout/checkout-url.ts',
  'src/shared/checkout/start-checkout.ts',
  'src/shared/checkout/leave-for-checkout.ts',
  'src/app/auth/check-app-state.ts',
  'src/sections/contact/use-contact-draft.ts',
  // The backend functions (tests/unit-node/base44): what a checkout asks the provider for and answers its caller, who
  // the caller is, what the webhook accepts, reads from an event, records on the order and e-mails the agency.
  'base44/shared/env.ts',
  'base44/shared/calendar.ts',
  'base44/shared/packages.ts',
  'base44/functions/createCheckout/checkout-answer.ts',
  'base44/functions/createCheckout/checkout-request.ts',
  'base44/functions/createCheckout/config.ts',
  'base44/functions/createCheckout/session-params.ts',
  'base44/functions/createCheckout/signed-in-caller.ts',
  'base44/functions/stripeWebhook/config.ts',
  'base44/functions/stripeWebhook/delivery.ts',
  'base44/functions/stripeWebhook/event-content.ts',
  'base44/functions/stripeWebhook/order-emails.ts',
  'base44/functions/stripeWebhook/order-record.ts',
  'base44/functions/stripeWebhook/orders.ts',
  'base44/functions/stripeWebhook/purchase-events.ts',
  'base44/functions/stripeWebhook/ownership.ts',
  // The harness: who may call a function and what reaches it, access rules, auth, the control API's origin rule and
  // CORS, the Host check, the payment double's billing dates, terms and webhook retries, e-mail header fields.
  'host-harness/src/emulator/functions/harness-call.ts',
  'host-harness/src/emulator/functions/forwarded-headers.ts',
  'host-harness/src/emulator/functions/function-env.ts',
  'host-harness/src/emulator/functions/npm-specifier.ts',
  'host-harness/src/emulator/entities/rls-rules.ts',
  'host-harness/src/emulator/entities/record-access.ts',
  'host-harness/src/emulator/auth/caller.ts',
  'host-harness/src/emulator/auth/passwords.ts',
  'host-harness/src/emulator/auth/sign-in.ts',
  'host-harness/src/emulator/core/http/request-guard.ts',
  'host-harness/src/emulator/core/http/cors.ts',
  'host-harness/src/serving/loopback-host.ts',
  'host-harness/src/emulator/payments/billing/billing-dates.ts',
  'host-harness/src/emulator/payments/billing/billing-terms.ts',
  'host-harness/src/emulator/payments/webhooks/retry-schedule.ts',
  'host-harness/src/emulator/email/mail-fields.ts',
];

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
const config = {
  // Stryker's Vitest runner, with zero-test runs retried instead of scored as survivors (see the plugin's comment).
  testRunner: 'vitest-retrying',
  appendPlugins: ['./tests/mutation/vitest-retry-runner.mjs'],
  // Unit tests only (tests/mutation/vitest.config.ts): no servers, no fixed ports.
  vitest: { configFile: 'tests/mutation/vitest.config.ts' },
  // The modules mutated today (MUTATED). The goal is every module of SCOPE less EXCLUDED (issue 34): 13,690 mutants,
  // of which a run on this machine tests about 50 a minute once the unit tests of the whole scope cover them.
  mutate: MUTATED,
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
