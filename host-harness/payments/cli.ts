/** Runs the payment provider's stand-in alone: `npx tsx host-harness/payments/cli.ts`. */
import path from 'node:path';
import {
  createPaymentProvider,
  eventDuplicatesFromEnv,
  eventOrderSeedFromEnv,
  retryScheduleFromEnv,
} from './index.ts';

const port = Number(process.env.PROVIDER_PORT ?? 4402);
const data = process.env.HARNESS_DATA ?? '.harness-data';
try {
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error('PROVIDER_PORT must be a port number');
  const provider = await createPaymentProvider({
    dataDir: data === 'memory' ? null : path.resolve(data),
    quiet: process.env.HARNESS_QUIET === '1',
    webhookUrl: () => process.env.PROVIDER_WEBHOOK_URL || null,
    retry: retryScheduleFromEnv(process.env),
    eventOrderSeed: eventOrderSeedFromEnv(process.env),
    duplicateDeliveries: eventDuplicatesFromEnv(process.env),
  });
  console.log(`Payment provider listening on ${await provider.listen({ port, host: 'localhost' })}`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => void provider.close().then(() => process.exit(0)));
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
