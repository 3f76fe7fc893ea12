/**
 * `npm start`: the platform emulator (and editor shell) on HARNESS_PORT (4400), the payment provider's stand-in on
 * PROVIDER_PORT (4402) and the built site on SITE_PORT (4401), all on localhost. `--no-site` leaves the site to Rspack's dev server (`npm run dev`); `--watch-functions` starts a
 * backend function afresh when a file under base44/ changes (`npm run dev` too).
 * HARNESS_DATA: the data folder of both (default `.harness-data/`), or `memory` for throwaway in-memory databases.
 * HARNESS_WEBHOOK_RETRY_MODE, HARNESS_WEBHOOK_RETRY_MS, HARNESS_WEBHOOK_RETRY_MAX_MS, HARNESS_WEBHOOK_ATTEMPTS: the
 * provider's redelivery; HARNESS_EVENT_ORDER_SEED: the order of one action's events (and which come twice);
 * HARNESS_EVENT_DUPLICATES=0: each event delivered once.
 * FUNCTIONS_RUNTIME: where the backend functions run, `workerd` (as deployed, the default) or `deno`.
 * SHELL_REMOTE_ORIGINS (comma-separated) and `--remote-origin <origin>` (repeatable): origins besides the site's that
 * the editor shell's `?remote=` may load a federated remote from; any other is refused.
 * DEPLOY_SITE_PORT (default 4403): where the site the platform's CLI deploys to the harness is published.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { readSiteConfig } from '../../config/site-config.ts';
import {
  createPaymentProvider,
  eventDuplicatesFromEnv,
  eventOrderSeedFromEnv,
  retryScheduleFromEnv,
} from '../payments/index.ts';
import { createEmulator, runtimeFromEnv, webhookEndpointUrl } from './emulator/index.ts';
import { registerEditorShell } from './shell-server/register-shell.ts';
import { createSiteServer, hasBuild } from './site/site-server.ts';

const root = resolve(import.meta.dirname, '../..');
const harnessPort = Number(process.env.HARNESS_PORT ?? 4400);
const sitePort = Number(process.env.SITE_PORT ?? 4401);
const deploySitePort = Number(process.env.DEPLOY_SITE_PORT ?? 4403);
const providerPort = Number(process.env.PROVIDER_PORT ?? 4402);
const host = 'localhost';
const { values: args } = parseArgs({
  options: {
    'no-site': { type: 'boolean', default: false },
    'watch-functions': { type: 'boolean', default: false },
    'remote-origin': { type: 'string', multiple: true, default: [] },
  },
});
const withSite = !args['no-site'];
const dataSetting = process.env.HARNESS_DATA ?? '.harness-data';

async function main(): Promise<void> {
  const config = readSiteConfig();
  const siteOrigin = `http://${host}:${sitePort}`;
  const dataDir = dataSetting === 'memory' ? null : resolve(root, dataSetting);
  const quiet = process.env.HARNESS_QUIET === '1';
  let harnessUrl = `http://${host}:${harnessPort}`;
  // The provider's own server: its webhook endpoint is the platform's route of the webhook function, and its hosted
  // page is named on the platform's origin (forwarded there), the one the site's checkout allows locally.
  const provider = await createPaymentProvider({
    dataDir,
    quiet,
    // Checkout returns to the site, or to the copy the platform's CLI deployed (npm run deploy:local).
    siteOrigin: [siteOrigin, `http://${host}:${deploySitePort}`],
    webhookUrl: () => webhookEndpointUrl(harnessUrl, config.appId),
    hostedPageOrigin: () => harnessUrl,
    retry: retryScheduleFromEnv(process.env),
    eventOrderSeed: eventOrderSeedFromEnv(process.env),
    duplicateDeliveries: eventDuplicatesFromEnv(process.env),
  });
  const providerUrl = await provider.listen({ port: providerPort, host });
  const emulator = await createEmulator({
    dataDir,
    paymentProviderUrl: providerUrl,
    appId: config.appId,
    quiet,
    // Pages that may open a realtime socket: the site (here or on the dev server) and the editor origins.
    socketOrigins: [siteOrigin, ...config.editorOrigins],
    // Pages that may call the backend functions: the same (any other page's call is refused).
    functionOrigins: [siteOrigin, ...config.editorOrigins],
    // The backend functions send buyers back to this site and e-mail paid orders to the agency's contact address.
    siteOrigin,
    agencyEmail: config.contactEmail,
    functionsRuntime: runtimeFromEnv(),
    watchFunctions: args['watch-functions'],
    publishedSite: { port: deploySitePort, config },
  });
  registerEditorShell(emulator.app, {
    siteOrigin,
    appId: config.appId,
    serverUrl: config.serverUrl,
    // The only origins besides the site's whose code the shell's federated view may run (with the harness's origin).
    remoteOrigins: [
      ...(process.env.SHELL_REMOTE_ORIGINS ?? '')
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
      ...(args['remote-origin'] ?? []),
    ],
  });
  harnessUrl = await emulator.listen({ port: harnessPort, host });
  console.log(`[harness] platform emulator: ${harnessUrl}/api  (login: ${harnessUrl}/login)`);
  console.log(
    `[harness] payment provider: ${providerUrl}/v1  (its pay page and control paths also on ${harnessUrl})`,
  );
  console.log(`[harness] backend functions: base44/functions in ${emulator.functions.runtime.name}`);
  console.log(`[harness] deployed site (npm run deploy:local): ${emulator.publishedUrl()}`);
  // In the background: each backend function starts once now, so the first checkout does not wait for it.
  void emulator.warmFunctions();

  let site: ReturnType<typeof createSiteServer> | null = null;
  if (withSite) {
    const distDir = resolve(root, 'dist');
    if (!hasBuild(distDir)) throw new Error('No build in dist/: run `npm run build` first (npm start does).');
    site = createSiteServer({ distDir, config });
    await new Promise<void>((done, fail) => {
      site?.once('error', fail);
      site?.listen(sitePort, host, done);
    });
    console.log(`[harness] site: http://${host}:${sitePort}/`);
  }

  const stop = async () => {
    site?.close();
    await emulator.close();
    await provider.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error('[harness] failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
