#!/usr/bin/env node
/**
 * Size budget of the platform client (`npm run size:platform`), like wouter's `size-limit` check.
 * Bundles two entries with Rspack in production mode: the site's startup calls only (public settings, `me`,
 * `createCheckout` through `functions.invoke`, `logUserInApp`, plus the launch-query helpers), and the whole client
 * except realtime. Prints raw and gzip sizes of each entry's initial chunk; exits 1 when startup > 5 KB gzip or
 * whole-without-socket.io > 10 KB gzip, or when socket.io-client leaks into an initial chunk.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { rspack } from '@rspack/core';

const root = resolve(import.meta.dirname, '..');
// `--keep` leaves the bundles for a look at what each entry pulls in.
const { keep } = parseArgs({ options: { keep: { type: 'boolean', default: false } } }).values;
const platform = JSON.stringify(resolve(root, 'src/platform/index.ts'));
const BUDGETS = { startup: 5 * 1024, whole: 10 * 1024 };

const entries = {
  startup: `
import { createAppClient, createAppLogsClient, createAuthClient, createFunctionsClient, createHttpCore, isValidId,
  normalizeServerUrl, takeLaunchToken, toPublicSettingsAuthError, toUserCheckAuthError } from ${platform};
const token = takeLaunchToken(window);
const core = createHttpCore({ appId: isValidId('local-app') ? 'local-app' : 'x',
  serverUrl: normalizeServerUrl(location.origin, [location.origin]) ?? '' });
const auth = createAuthClient(core);
if (token) auth.setToken(token);
createAppClient(core).getPublicSettings().then(async (settings) => {
  const user = await auth.me().catch((e) => { console.log(toUserCheckAuthError(e)); auth.redirectToLogin(); });
  await createAppLogsClient(core).logUserInApp('Index').catch(() => {});
  const { data } = await createFunctionsClient(core).invoke('createCheckout', { packageName: 'gold' });
  console.log(settings, user, data.url);
}, (e) => console.log(toPublicSettingsAuthError(e)));
`,
  whole: `
import * as p from ${platform};
const c = p.createPlatformClient({ appId: 'local-app', serverUrl: '', serviceToken: 's' });
const t = p.takeLaunchToken(window);
if (t) c.setToken(t);
console.log(p.normalizeServerUrl('x', []), p.isValidId('x'), p.isPlatformError, p.isPlatformHttpError,
  p.isPlatformNetworkError, p.isPlatformTimeoutError, p.isPlatformAbortError, p.isPlatformParseError, p.isRealtimeError,
  p.toPublicSettingsAuthError, p.toUserCheckAuthError, p.CONNECTION_STATE);
const e = c.entities.Lead;
const a = c.auth;
const run = async () => [
  await c.app.getPublicSettings(), await a.me(), await a.updateMe({}), await a.loginViaEmailPassword('e', 'p'),
  await a.register({}), await a.verifyOtp({ email: 'e', otpCode: '1' }), await a.resendOtp('e'),
  await a.resetPasswordRequest('e'), await a.resetPassword({ resetToken: 't', newPassword: 'n' }),
  await a.changePassword({ userId: 'u', currentPassword: 'c', newPassword: 'n' }), await a.inviteUser('e', 'user'),
  await a.isAuthenticated(), a.logout(), a.redirectToLogin('/'),
  await e.list(), await e.filter({}), await e.get('1'), await e.create({}), await e.update('1', {}),
  await e.delete('1'), await e.deleteMany({}), await e.bulkCreate([]), await e.importEntities(new Blob()),
  await c.entities.User.me(), await c.functions.invoke('f', {}), await c.integrations.Core.SendEmail({}),
  await c.integrations.pkg.run({}), await c.agents.getConversations(), await c.agents.listConversations({}),
  await c.agents.getConversation('1'), await c.agents.createConversation({ agent_name: 'a' }),
  await c.agents.addMessage('1', {}), c.agents.getWhatsAppConnectURL('a'), await c.appLogs.logUserInApp('x'),
  await c.appLogs.fetchLogs({}), await c.appLogs.getStats({}), await c.asServiceRole.sso.getAccessToken('u'),
  await c.asServiceRole.entities.Lead.list(), c.cleanup(),
];
run().then(console.log, console.error);
`,
};

const work = mkdtempSync(join(tmpdir(), 'size-platform-'));
let failed = false;
try {
  for (const [name, source] of Object.entries(entries)) writeFileSync(join(work, `${name}.ts`), source);
  const stats = await new Promise((done, fail) => {
    rspack(
      {
        mode: 'production',
        context: root,
        target: 'web',
        devtool: false,
        entry: Object.fromEntries(Object.keys(entries).map((name) => [name, join(work, `${name}.ts`)])),
        output: {
          path: join(work, 'dist'),
          filename: '[name].js',
          chunkFilename: 'async-[id].js',
          clean: true,
        },
        resolve: { extensions: ['.ts', '.js'] },
        module: {
          rules: [
            {
              test: /\.ts$/,
              loader: 'builtin:swc-loader',
              // The site's own browser targets (rspack.config.ts), so the numbers match what the site ships.
              options: {
                jsc: { parser: { syntax: 'typescript' } },
                env: { targets: 'chrome >= 111, edge >= 111, firefox >= 111, safari >= 16.4' },
              },
              type: 'javascript/auto',
            },
            // What `"sideEffects": false` in package.json would say for the client's modules.
            { test: /[\\/]src[\\/]platform[\\/]/, sideEffects: false },
          ],
        },
        performance: false,
      },
      (error, result) => (error ? fail(error) : done(result)),
    );
  });
  if (stats.hasErrors()) throw new Error(stats.toString({ all: false, errors: true }));
  const sizeOf = (file) => {
    const code = readFileSync(join(work, 'dist', file));
    return { code, raw: code.length, gzip: gzipSync(code, { level: 9 }).length };
  };
  const kb = (bytes) => `${(bytes / 1024).toFixed(2)} KB`;
  for (const name of Object.keys(entries)) {
    const { code, raw, gzip } = sizeOf(`${name}.js`);
    const leaks = /engine\.io|socket\.io-parser|EIO/.test(code.toString());
    const over = gzip > BUDGETS[name];
    failed ||= over || leaks;
    console.log(
      `[size:platform] ${name.padEnd(7)} raw ${kb(raw).padStart(9)}  gzip ${kb(gzip).padStart(8)}  budget ${kb(BUDGETS[name])}` +
        `${over ? '  OVER BUDGET' : ''}${leaks ? '  socket.io-client in the initial chunk' : ''}`,
    );
  }
  for (const file of readdirSync(join(work, 'dist')).filter((f) => f.startsWith('async-'))) {
    const { raw, gzip } = sizeOf(file);
    console.log(`[size:platform] lazy chunk ${file} (socket.io-client) raw ${kb(raw)}  gzip ${kb(gzip)}`);
  }
} finally {
  if (keep) console.log(`[size:platform] bundles kept in ${work}`);
  else rmSync(work, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
