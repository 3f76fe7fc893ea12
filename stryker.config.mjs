// @ts-check
/**
 * Mutation testing (`npm run test:mutation`): StrykerJS changes the modules in MUTATED one small edit at a time and runs
 * the unit tests against each change; a change that no test notices ("survived") is a behaviour no test pins down.
 * The goal is every module of SCOPE less EXCLUDED; MUTATED is the part mutated today. See tests/mutation/README.md.
 */
/**
 * The code mutation testing is to cover: every `.ts` module under these folders (`.tsx` components are not in it); the
 * payment provider's stand-in is its own emulator, beside the harness's `src/`.
 */
export const SCOPE = [
  'src/**/*.ts',
  'base44/**/*.ts',
  'host-harness/src/**/*.ts',
  'host-harness/payments/**/*.ts',
];

/**
 * Modules of SCOPE that hold no decision, and why. A module with a condition, a computation or a table that a caller
 * relies on stays in scope.
 */
export const EXCLUDED = {
  // Barrels: re-exports only.
  'src/bridge/index.ts': 're-exports only',
  'src/hydration/index.ts': 're-exports only',
  'src/platform/index.ts': 're-exports only',
  'src/platform/launch-token/index.ts': 're-exports only',
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
  'host-harness/src/emulator/deploy/index.ts': 're-exports only',
  'host-harness/src/emulator/realtime/index.ts': 're-exports only',
  'host-harness/src/emulator/payment-provider/index.ts': 're-exports only',
  'host-harness/payments/index.ts': 're-exports only',
  // The functions' entry files: `Deno.serve(handler)`, the platform's contract; the handlers are in scope.
  'base44/functions/createCheckout/index.ts': 'wiring: Deno.serve(handler)',
  'base44/functions/stripeWebhook/index.ts': 'wiring: Deno.serve(handler)',
  // Types only: erased at build time.
  'src/platform/types.ts': 'types only',
  'src/platform/auth-error-type.ts': 'types only',
  'src/site-config-types.ts': 'types only',
  'host-harness/payments/account/stripe-types.ts': 'types only',
  'host-harness/payments/cli.ts': 'wiring: the stand-in run alone, from the environment',
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
  // Constants, wiring and texts found with the rest of the scope.
  'src/platform/constants.ts':
    'constants only: the wire names (storage keys, launch parameters, headers) of docs/platform-api.md',
  'src/site-config.ts': 'wiring: the build-time site configuration',
  'src/content/problems.ts': 'texts only',
  'src/content/testimonials.ts': 'texts only (and a label template)',
  'src/components/button-styles.ts': 'class names only',
  'host-harness/src/serving/page-styles.ts': 'style sheet text only',
  'host-harness/src/emulator/register-features.ts': 'wiring: registers the routes of each feature',
  'src/entries/boot-script.ts': 'wiring: the boot script entry, bootPage(document.currentScript)',
  'src/app/layout/footer-region.ts': 'wiring: a lazy import of the footer',
  'src/app/layout/logo-region.ts': 'wiring: a lazy import of the logo',
};

/**
 * The modules mutation testing has covered so far, all in SCOPE: the money, access and token decisions first (the
 * backend functions, the harness's function runner, access rules, auth and request guards, the site's launch token and
 * HTTP core), then the site's checkout and bridge flows and the payment double's billing dates and retries. MUTATED
 * (below) is the part mutated today.
 */
export const COVERED = [
  // The site: the launch token and its storage, the HTTP core and retries, errors, the bridge, the checkout flow.
  'src/platform/launch-token/split-access-token.ts',
  'src/platform/launch-token/take-launch-token.ts',
  'src/platform/launch-params.ts',
  'src/platform/token-store.ts',
  'src/platform/http-core.ts',
  'src/platform/backoff.ts',
  'src/platform/error-derivation.ts',
  'src/platform/auth-errors.ts',
  'src/bridge/launch-params.ts',
  'src/bridge/parent-origin.ts',
  'src/bridge/messages.ts',
  'src/bridge/install-bridge.ts',
  'src/checkout/checkout-url.ts',
  'src/checkout/start-checkout.ts',
  'src/checkout/leave-for-checkout.ts',
  'src/app/auth/check-app-state.ts',
  'src/sections/contact/use-contact-draft.ts',
  // The backend functions (tests/unit-node/base44): what a checkout asks the provider for and answers its caller, who
  // the caller is, what the webhook accepts, reads from an event, records on the order and e-mails the agency.
  'base44/shared/env.ts',
  'base44/shared/calendar.ts',
  'base44/shared/packages.ts',
  'base44/shared/hidden-characters.ts',
  'base44/functions/createCheckout/checkout-answer.ts',
  'base44/functions/createCheckout/checkout-request.ts',
  'base44/functions/createCheckout/config.ts',
  'base44/functions/createCheckout/session-params.ts',
  'base44/functions/createCheckout/signed-in-caller.ts',
  'base44/functions/stripeWebhook/config.ts',
  'base44/functions/stripeWebhook/delivery.ts',
  'base44/functions/stripeWebhook/event-content.ts',
  'base44/functions/stripeWebhook/event-objects.ts',
  'base44/functions/stripeWebhook/provider-ids.ts',
  'base44/functions/stripeWebhook/provider-objects.ts',
  'base44/functions/stripeWebhook/order-emails.ts',
  'base44/functions/stripeWebhook/order-record.ts',
  'base44/functions/stripeWebhook/orders.ts',
  'base44/functions/stripeWebhook/purchase-events.ts',
  'base44/functions/stripeWebhook/ownership.ts',
  // The harness: who may call a function and what reaches it, miniflare's loopback server refused, access rules, auth,
  // the control API's origin rule and CORS, the Host check, the payment double's billing dates, terms and webhook
  // retries, e-mail header fields.
  'host-harness/src/emulator/functions/harness-call.ts',
  'host-harness/src/emulator/functions/miniflare-loopback-guard.ts',
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
  'host-harness/payments/billing/billing-dates.ts',
  'host-harness/payments/billing/billing-terms.ts',
  'host-harness/payments/webhooks/retry-schedule.ts',
  'host-harness/src/emulator/email/mail-fields.ts',
  // Then, folder by folder, the modules the in-process unit tests cover: the site's platform client, hydration, stores
  // and navigation; the emulator's entities and queries, core HTTP rules, control API and serving headers; the payment
  // double's account, API (parameters, form decoding, idempotency), billing engine, checkout, hosted page and webhooks.
  'base44/functions/createCheckout/handler.ts',
  'base44/functions/stripeWebhook/handler.ts',
  'base44/functions/stripeWebhook/provider-lookup.ts',
  'base44/shared/http.ts',
  'base44/shared/stripe-client.ts',
  'host-harness/src/serving/content-security-policy.ts',
  'host-harness/src/serving/static-file.ts',
  'host-harness/src/shell-server/shell-headers.ts',
  'host-harness/src/site/security-headers.ts',
  'host-harness/src/emulator/auth/account-store.ts',
  'host-harness/src/emulator/auth/members.ts',
  'host-harness/src/emulator/auth/seeded-accounts.ts',
  'host-harness/src/emulator/auth/socket-identity.ts',
  'host-harness/src/emulator/auth/user-profile.ts',
  'host-harness/src/emulator/control/control-routes.ts',
  'host-harness/src/emulator/control/faults.ts',
  'host-harness/src/emulator/control/request-log.ts',
  'host-harness/src/emulator/core/errors.ts',
  'host-harness/src/emulator/core/http/error-handler.ts',
  'host-harness/src/emulator/core/http/json-shape.ts',
  'host-harness/src/emulator/core/ids.ts',
  'host-harness/src/emulator/core/jsonc.ts',
  'host-harness/src/emulator/core/record-data.ts',
  'host-harness/src/emulator/entities/collection.ts',
  'host-harness/src/emulator/entities/declared-entities.ts',
  'host-harness/src/emulator/entities/entity-file.ts',
  'host-harness/src/emulator/entities/entity-rooms.ts',
  'host-harness/src/emulator/entities/entity-store.ts',
  'host-harness/src/emulator/entities/import-file.ts',
  'host-harness/src/emulator/entities/query/compare.ts',
  'host-harness/src/emulator/entities/query/filter.ts',
  'host-harness/src/emulator/entities/query/list-options.ts',
  'host-harness/src/emulator/entities/query/time-budget.ts',
  'host-harness/src/emulator/entities/record-formats.ts',
  'host-harness/src/emulator/entities/record-patch.ts',
  'host-harness/src/emulator/entities/record-schema.ts',
  'host-harness/src/emulator/functions/project-paths.ts',
  'host-harness/payments/account/account-settings.ts',
  'host-harness/payments/account/dashboard-prices.ts',
  'host-harness/payments/account/payment-methods.ts',
  'host-harness/payments/account/provider-config.ts',
  'host-harness/payments/api/api-request.ts',
  'host-harness/payments/api/billing-routes.ts',
  'host-harness/payments/api/checkout-rules.ts',
  'host-harness/payments/api/request-schema.ts',
  'host-harness/payments/api/idempotency-store.ts',
  'host-harness/payments/api/provider-error.ts',
  'host-harness/payments/api/provider-routes.ts',
  'host-harness/payments/api/session-routes.ts',
  'host-harness/payments/billing/billing-clock.ts',
  'host-harness/payments/billing/billing-steps.ts',
  'host-harness/payments/billing/invoice-object.ts',
  'host-harness/payments/billing/payment-objects.ts',
  'host-harness/payments/billing/price-object.ts',
  'host-harness/payments/billing/subscription-ledger.ts',
  'host-harness/payments/billing/subscription-object.ts',
  'host-harness/payments/billing/subscription-start.ts',
  'host-harness/payments/checkout/checkout-completion.ts',
  'host-harness/payments/checkout/checkout-session-store.ts',
  'host-harness/payments/checkout/checkout-session.ts',
  'host-harness/payments/checkout/session-status.ts',
  'host-harness/payments/pay-page/display-format.ts',
  'host-harness/payments/pay-page/pay-page-view.ts',
  'host-harness/payments/webhooks/delivery-order.ts',
  'host-harness/payments/webhooks/event-signature.ts',
  'host-harness/payments/webhooks/event-versions.ts',
  'host-harness/payments/webhooks/provider-event-store.ts',
  'host-harness/payments/webhooks/provider-event.ts',
  'host-harness/payments/webhooks/webhook-dispatcher.ts',
  'src/app/auth/use-page-view-log.ts',
  'src/content/office-hours.ts',
  'src/content/payment-success.ts',
  'src/content/pricing.ts',
  'src/hydration/adopted-links.ts',
  'src/hydration/boot-handover.ts',
  'src/hydration/boot-page.ts',
  'src/hydration/island.ts',
  'src/hydration/page-loader.ts',
  'src/hydration/presses.ts',
  'src/platform/agents.ts',
  'src/platform/app-logs.ts',
  'src/platform/app.ts',
  'src/platform/call-body.ts',
  'src/platform/entities.ts',
  'src/platform/errors/abort-error.ts',
  'src/platform/errors/http-error.ts',
  'src/platform/errors/network-error.ts',
  'src/platform/errors/parse-error.ts',
  'src/platform/errors/platform-error.ts',
  'src/platform/errors/realtime-error.ts',
  'src/platform/errors/timeout-error.ts',
  'src/platform/functions.ts',
  'src/platform/integrations.ts',
  'src/platform/platform-client.ts',
  'src/platform/realtime-subscriber.ts',
  'src/platform/realtime.ts',
  'src/platform/service-role.ts',
  'src/platform/sso.ts',
  'src/checkout/checkout-store.ts',
  'src/checkout/use-checkout.ts',
  'src/shared/navigation/paths.ts',
  'src/shared/navigation/plain-click.ts',
  'src/shared/site-platform/site-bridge-loader.ts',
  'src/shared/site-platform/site-bridge.ts',
  'src/shared/toasts/toast-store.ts',
  // The emulator's access routes (auth, entities, public settings, the login page), the site's auth client, and the
  // payment double's control API, session summary, hosted page, engine and account.
  'host-harness/src/emulator/auth/auth-routes.ts',
  'host-harness/src/emulator/entities/entity-routes.ts',
  'host-harness/src/emulator/auth/public-settings-routes.ts',
  'host-harness/src/emulator/auth/login-page.ts',
  'src/platform/auth.ts',
  'host-harness/payments/control/payment-control-routes.ts',
  'host-harness/payments/control/session-summary.ts',
  'host-harness/payments/pay-page/pay-page.ts',
  'host-harness/payments/checkout/payment-engine.ts',
  // The payment provider's stand-in as its own server: its factory and guards, its seeded dashboard, its store; the
  // platform's forwarding of the stand-in's documented paths; the Host and control-origin rules both servers share.
  'host-harness/payments/create-payment-provider.ts',
  'host-harness/payments/dashboard-seed.ts',
  'host-harness/payments/server/database.ts',
  'host-harness/payments/server/ids.ts',
  'host-harness/payments/server/control-error.ts',
  'host-harness/src/emulator/payment-provider/provider-forwarding.ts',
  'host-harness/src/serving/request-origin.ts',
  'host-harness/src/serving/form-body.ts',
  // The deploy rehearsal: who may deploy, where an uploaded file may land, what a site archive and a function upload
  // must be, an entity push, an app's visibility, its secrets and its function logs.
  'host-harness/src/emulator/deploy/deploy-access.ts',
  'host-harness/src/emulator/deploy/upload-paths.ts',
  'host-harness/src/emulator/deploy/site-archive.ts',
  'host-harness/src/emulator/deploy/function-upload.ts',
  'host-harness/src/emulator/deploy/entity-push.ts',
  'host-harness/src/emulator/deploy/app-visibility.ts',
  'host-harness/src/emulator/deploy/secret-values.ts',
  'host-harness/src/emulator/deploy/function-logs.ts',
];

/**
 * The money, access and token modules, held at a 100% score (tests/unit-node/mutation-result.test.ts):
 * a path ending in `/` names every mutated module under it.
 */
export const CRITICAL = [
  // Money: the backend functions and what they share, the site's checkout flow. (The payment provider's stand-in,
  // `host-harness/payments/`, returns here with its modules in MUTATED: see below.)
  'base44/',
  'src/checkout/',
  // Access: the emulator's auth, the entities' access rules and routes, who may call a function and with which
  // headers, miniflare's loopback server refused, the control API's origin rule, CORS, the Host check, static serving
  // and the security headers.
  'host-harness/src/emulator/auth/',
  'host-harness/src/emulator/entities/rls-rules.ts',
  'host-harness/src/emulator/entities/record-access.ts',
  'host-harness/src/emulator/entities/entity-routes.ts',
  'host-harness/src/emulator/functions/harness-call.ts',
  'host-harness/src/emulator/functions/forwarded-headers.ts',
  'host-harness/src/emulator/functions/miniflare-loopback-guard.ts',
  'host-harness/src/emulator/core/http/request-guard.ts',
  'host-harness/src/emulator/core/http/cors.ts',
  'host-harness/src/serving/',
  'host-harness/src/site/security-headers.ts',
  'host-harness/src/shell-server/shell-headers.ts',
  // Who may deploy, and what an upload may write where (the deploy API's access rules).
  'host-harness/src/emulator/deploy/deploy-access.ts',
  'host-harness/src/emulator/deploy/upload-paths.ts',
  'host-harness/src/emulator/deploy/site-archive.ts',
  'host-harness/src/emulator/deploy/function-upload.ts',
  // Tokens: the site's launch token, its storage and reading, the HTTP core and its retries, the auth client, the
  // bridge's launch parameters and the parent's origin.
  'src/platform/launch-token/',
  'src/platform/launch-params.ts',
  'src/platform/token-store.ts',
  'src/platform/http-core.ts',
  'src/platform/backoff.ts',
  'src/platform/auth-errors.ts',
  'src/platform/auth.ts',
  'src/bridge/launch-params.ts',
  'src/bridge/parent-origin.ts',
  'src/app/auth/check-app-state.ts',
];

/**
 * The modules mutated today: COVERED but the payment provider's stand-in. Moving the test tree to mirror the source
 * tree and the stand-in to its own emulator left few earlier results reusable (a result is kept only while the tests
 * that killed its mutant are unchanged), and a full run of COVERED (184 modules, about 11,600 mutants) takes about two
 * and a half hours on a 2-core machine: longer than the session that moved them had left. The stand-in's 44 modules
 * come back with the next run (MUTATED = COVERED, `npm run test:mutation`, and `host-harness/payments/` back in
 * CRITICAL).
 */
export const MUTATED = COVERED.filter((path) => !path.startsWith('host-harness/payments/'));

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
const config = {
  // Stryker's Vitest runner, with zero-test runs retried instead of scored as survivors (see the plugin's comment).
  testRunner: 'vitest-retrying',
  appendPlugins: ['./tests/mutation/vitest-retry-runner.mjs'],
  // Unit tests only (tests/mutation/vitest.config.ts): no servers, no fixed ports.
  vitest: { configFile: 'tests/mutation/vitest.config.ts' },
  // The modules mutated today (MUTATED): 140 modules, about 7,700 mutants (COVERED: 184 modules, about 11,600 mutants,
  // which a full run tests in about two and a half hours on a 2-core machine); incremental runs re-test what changed.
  mutate: MUTATED,
  // Stryker rewrites the `extends` / `references` paths of this tsconfig in its sandbox, reading it with the
  // `typescript` package's JavaScript API, which TypeScript 7 (the native compiler) no longer has: the step fails.
  // Our tsconfig.json has neither `extends` nor `references`, and the sandbox is a copy of the whole repository, so
  // there is nothing to rewrite: pointing the option at a file that does not exist skips the step.
  tsconfigFile: 'tsconfig.stryker-none.json',
  checkers: [],
  // A static mutant (code run only while a module loads: its top-level tables and constants) is covered by no single
  // test, so Stryker would run the whole unit suite for each, about a minute apiece on a 2-core machine; every move of
  // a test file re-runs them all. They are scored as ignored instead, counted apart from the mutants a comment ignores
  // (tests/unit-node/mutation-result.test.ts), and a mutant that is both static and covered by tests still runs them.
  ignoreStatic: true,
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
  // Build and test outputs are not copied to the sandbox: no unit test reads them, and a build or a Playwright run
  // rewriting them while the sandbox is copied would stop the run.
  ignorePatterns: [
    'dist',
    'dist-ssr',
    'host-harness/shell/dist',
    'test-results',
    'playwright-report',
    'screenshots',
    'bench-results',
    'coverage',
    '.harness-data',
    '.rspack-cache',
  ],
  cleanTempDir: 'always',
};

export default config;
