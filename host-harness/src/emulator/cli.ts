/**
 * Starts the platform emulator alone: `npx tsx host-harness/src/emulator/cli.ts`.
 * `HARNESS_PORT` (default 4400; 0 = any free port), `--data-dir=<folder>`, `HARNESS_DATA_DIR` or `HARNESS_DATA`
 * (default `.harness-data/`; `memory` = in-memory), `--quiet` or `HARNESS_QUIET=1`, `DEPLOY_SITE_PORT` (where what the
 * platform's CLI deploys is published: by default three above the emulator's port, 4403 beside 4400, and any free port
 * when the emulator takes any); `PAYMENT_PROVIDER_URL`: the payment provider's stand-in, running on its own
 * (`npx tsx host-harness/payments/cli.ts`), which the functions then call.
 * Prints `Platform emulator listening on <url>` once ready.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createEmulator } from './index.ts';

const { values: args } = parseArgs({
  options: { 'data-dir': { type: 'string' }, quiet: { type: 'boolean', default: false } },
});
const dataSetting =
  args['data-dir'] ?? process.env.HARNESS_DATA_DIR ?? process.env.HARNESS_DATA ?? '.harness-data';
const dataDir = dataSetting === 'memory' ? null : path.resolve(dataSetting);
const port = Number(process.env.HARNESS_PORT ?? 4400);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`HARNESS_PORT must be a port number, got ${process.env.HARNESS_PORT}`);
  process.exit(2);
}

const quiet = args.quiet || process.env.HARNESS_QUIET === '1';
const paymentProviderUrl = process.env.PAYMENT_PROVIDER_URL || null;
// Beside the emulator's own port, so that a second emulator (tests run one on 4410) publishes on a port of its own.
const publishedSite = { port: Number(process.env.DEPLOY_SITE_PORT ?? (port === 0 ? 0 : port + 3)) };
const emulator = await createEmulator({ dataDir, quiet, paymentProviderUrl, publishedSite });
const url = await emulator.listen({ port, host: 'localhost' });
console.log(`Platform emulator listening on ${url} (data: ${dataDir ?? 'in memory'})`);
console.log(`Deployed site: ${emulator.publishedUrl()}`);
console.log(`Login page: ${url}/login  Control API: ${url}/__harness/health`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void emulator.close().then(() => process.exit(0));
  });
}
