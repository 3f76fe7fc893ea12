/** Shared helpers for the emulator's integration tests: an in-process emulator on an ephemeral port, spoken to over HTTP. */
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { PaymentProviderOptions } from '../../../host-harness/payments/index.ts';
import {
  createEmulator,
  type Emulator,
  type EmulatorOptions,
  webhookEndpointUrl,
} from '../../../host-harness/src/emulator/index.ts';
import { type Answer, type CallOptions, callerOf, type Json } from '../../support/http-call.ts';
import { type RunningProvider, startProvider } from '../../support/payment-provider.ts';

export type { Answer, CallOptions, Json };

export const APP = 'local-app';
export const ACCOUNTS = {
  admin: { email: 'admin@example.com', password: 'admin1234' },
  user: { email: 'user@example.com', password: 'user1234' },
  outsider: { email: 'outsider@example.com', password: 'outsider1234' },
} as const;
export const SERVICE_TOKEN = 'local-service-token';
/** Ids of the seeded members (fixed by the emulator's seed). */
export const MEMBER_IDS = { admin: '65f0a0000000000000000001', user: '65f0a0000000000000000002' } as const;

export interface Running {
  emulator: Emulator;
  url: string;
  /** The payment provider's stand-in beside it, as `npm start` runs them (none when the test opted out). */
  provider: RunningProvider | null;
  call<T = Json>(method: string, path: string, opts?: CallOptions): Promise<Answer<T>>;
  tokenOf(who: keyof typeof ACCOUNTS): Promise<string>;
  close(): Promise<void>;
}

/**
 * Starts an in-memory emulator on 127.0.0.1 and an ephemeral port (`opts`: e.g. a test's own `entitiesDir`), with the
 * payment provider's stand-in beside it as `npm start` runs them (`providerOpts`; `false`: none): the functions call
 * it, its documented control paths are forwarded, its events go to the platform's webhook route and its hosted page is
 * named on the platform's origin. `call` sends the provider's API (`/v1/…`) to the stand-in, as the functions do, and
 * everything else to the platform.
 */
export async function startEmulator(
  opts: EmulatorOptions = {},
  providerOpts: PaymentProviderOptions | false = {},
): Promise<Running> {
  let platformUrl = '';
  const provider =
    providerOpts === false
      ? null
      : await startProvider({
          ...(opts.siteOrigin ? { siteOrigin: opts.siteOrigin } : {}),
          ...(opts.dataDir ? { dataDir: opts.dataDir } : {}),
          webhookUrl: () => webhookEndpointUrl(platformUrl, opts.appId ?? APP),
          hostedPageOrigin: () => platformUrl,
          ...providerOpts,
        });
  const emulator = await createEmulator({ quiet: true, paymentProviderUrl: provider?.url ?? null, ...opts });
  const url = await emulator.listen();
  platformUrl = url;
  const platformCall = callerOf(url);
  const call: Running['call'] = (method, path, callOpts) =>
    provider && path.startsWith('/v1/')
      ? provider.call(method, path, callOpts)
      : platformCall(method, path, callOpts);
  return {
    emulator,
    url,
    provider,
    call,
    // Not cached: a reset forgets every token. Members get theirs through the service role's SSO endpoint, which
    // skips the (deliberately slow) password hash; login itself is covered by the auth tests.
    async tokenOf(who) {
      const id = MEMBER_IDS[who as keyof typeof MEMBER_IDS];
      const answer = id
        ? await call('GET', `/api/apps/${APP}/auth/sso/accesstoken/${id}`, { token: SERVICE_TOKEN })
        : await call('POST', `/api/apps/${APP}/auth/login`, { body: ACCOUNTS[who] });
      if (answer.status !== 200) throw new Error(`no token for ${who}: ${answer.text}`);
      return answer.body.access_token;
    },
    close: async () => {
      await emulator.close();
      await provider?.close();
    },
  };
}

/** Options of `emulatorPerFile`: the emulator's, and a folder of entity declarations made for it. */
export interface PerFileOptions extends EmulatorOptions {
  /** Makes the folder of `*.jsonc` declarations the emulator reads (removed once it is closed). */
  declarations?: () => { dir: string; remove(): void };
}

/**
 * One emulator for a test file: started before its tests, closed after them, and reset before each test, after which
 * `eachTest` receives it (a test file keeps it, and whatever it takes from it, such as a member's token).
 */
export function emulatorPerFile(eachTest: (h: Running) => unknown, opts: PerFileOptions = {}): void {
  const { declarations, ...options } = opts;
  let h: Running;
  let folder: { dir: string; remove(): void } | undefined;
  beforeAll(async () => {
    folder = declarations?.();
    h = await startEmulator({ ...options, ...(folder ? { entitiesDir: folder.dir } : {}) });
  });
  afterAll(async () => {
    await h.close();
    folder?.remove();
  });
  beforeEach(async () => {
    await h.emulator.reset();
    await eachTest(h);
  });
}

/** The entities path of an entity. */
export const entities = (entity: string, rest = '') => `/api/apps/${APP}/entities/${entity}${rest}`;

/** `?q=` for a filter object. */
export const q = (query: unknown) => `q=${encodeURIComponent(JSON.stringify(query))}`;

/** Connects a socket.io client the way the platform's clients do; resolves once connected. */
export function connectSocket(
  url: string,
  token: string | null,
  extra: Record<string, string> = {},
): Promise<Socket> {
  const socket = io(url, {
    path: '/ws-user-apps/socket.io/',
    transports: ['websocket'],
    query: { app_id: APP, token: String(token), ...extra },
    reconnection: false,
    timeout: 5_000,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

/** Resolves with the next `update_model` of a room (data parsed), or rejects after `ms`. */
export function nextUpdate(
  socket: Socket,
  room: string,
  ms = 3_000,
  accept: (data: Json) => boolean = () => true,
): Promise<Json> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off('update_model', onUpdate);
      reject(new Error(`no update_model on ${room} within ${ms} ms`));
    }, ms);
    function onUpdate(message: { room: string; data: string }) {
      if (message.room !== room) return;
      const data = JSON.parse(message.data);
      if (!accept(data)) return;
      clearTimeout(timer);
      socket.off('update_model', onUpdate);
      resolve(data);
    }
    socket.on('update_model', onUpdate);
  });
}

/** Joins a room and waits a moment for the server to register it (join has no acknowledgement). */
export async function join(socket: Socket, room: string): Promise<void> {
  socket.emit('join', room);
  await new Promise((r) => setTimeout(r, 50));
}
