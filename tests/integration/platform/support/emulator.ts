import { createEmulator, webhookEndpointUrl } from '../../../../host-harness/src/emulator/index.ts';
import {
  createPlatformClient,
  type PlatformClientOptions,
  type StorageLike,
} from '../../../../src/platform/index.ts';
import { startProvider } from '../../../support/payment-provider.ts';
import { createFakeLocation, createMemoryStorage } from '../../../support/recording-server.ts';
import { waitFor } from '../../../support/wait-for.ts';

/** Seeded accounts of the emulator. */
export const ACCOUNTS = {
  admin: { email: 'admin@example.com', password: 'admin1234' },
  user: { email: 'user@example.com', password: 'user1234' },
  outsider: { email: 'outsider@example.com', password: 'outsider1234' },
} as const;
export const APP_ID = 'local-app';
export const SERVICE_TOKEN = 'local-service-token';

/**
 * Starts an in-memory emulator on an ephemeral port, the payment provider's stand-in beside it as `npm start` runs
 * them, with helpers for its control API and for clients.
 */
export async function startEmulator() {
  let baseUrl = '';
  const provider = await startProvider({
    webhookUrl: () => webhookEndpointUrl(baseUrl, APP_ID),
    hostedPageOrigin: () => baseUrl,
  });
  const emulator = await createEmulator({ dataDir: null, quiet: true, paymentProviderUrl: provider.url });
  baseUrl = await emulator.listen({ port: 0 });

  async function control<T = unknown>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body?: unknown,
  ): Promise<T> {
    const response = await fetch(`${baseUrl}/__harness${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok)
      throw new Error(`control ${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }

  /** A client with injected storage and location (no globals), as a browser page would have. */
  function client(options: Partial<PlatformClientOptions> & { storage?: StorageLike | null } = {}) {
    const storage = createMemoryStorage();
    const location = createFakeLocation('http://localhost:4401/Index');
    const platform = createPlatformClient({
      appId: APP_ID,
      serverUrl: baseUrl,
      storage,
      location,
      logger: { error: () => {} },
      ...options,
    });
    return { platform, storage, location };
  }

  /** A client signed in as one of the seeded accounts. */
  async function signedIn(who: keyof typeof ACCOUNTS, options: Partial<PlatformClientOptions> = {}) {
    const made = client(options);
    await made.platform.auth.loginViaEmailPassword(ACCOUNTS[who].email, ACCOUNTS[who].password);
    return made;
  }

  return {
    emulator,
    baseUrl,
    control,
    client,
    signedIn,
    reset: () => control('POST', '/reset'),
    close: async () => {
      await emulator.close();
      await provider.close();
    },
  };
}

export type TestEmulator = Awaited<ReturnType<typeof startEmulator>>;

export { waitFor };
