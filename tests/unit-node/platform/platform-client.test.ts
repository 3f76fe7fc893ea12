/**
 * The platform client (src/platform/platform-client.ts): its sub-clients on one token, its realtime client (whose next
 * handshake carries every token change) and its service role.
 */
import type { Socket } from 'socket.io-client';
import { io } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createPlatformClient,
  type IoFactory,
  type PlatformClient,
  SERVICE_TOKEN_REQUIRED,
} from '../../../src/platform/index.ts';
import {
  createFakeLocation,
  createMemoryStorage,
  recordingServerPerFile,
} from '../../support/recording-server.ts';

const server = recordingServerPerFile();

let client: PlatformClient | undefined;
afterEach(() => {
  client?.cleanup();
  client = undefined;
});

/** A socket.io socket that never connects: its manager's `opts` are what the next handshake sends. */
function socketDouble() {
  const socket = {
    io: { opts: { query: {} as Record<string, string> }, on() {} },
    active: true,
    connected: false,
    on() {
      return socket;
    },
    emit() {
      return socket;
    },
    connect() {
      return socket;
    },
    disconnect() {
      socket.active = false;
      return socket;
    },
  };
  const io: IoFactory = (_uri, options) => {
    socket.io.opts.query = { ...(options.query as Record<string, string>) };
    return socket as unknown as Socket;
  };
  return { socket, io };
}

describe('the platform client', () => {
  it('takes the token from the options, else from storage, and saves a new one where it was read', async () => {
    const storage = createMemoryStorage({ token: 'stored' });
    const options = { appId: 'local-app', serverUrl: server.url, location: null, storage };
    await createPlatformClient(options).entities.User.me();
    expect(server.last().headers.authorization).toBe('Bearer stored');
    const given = createPlatformClient({ ...options, token: 'given' });
    await given.app.getPublicSettings();
    expect(server.last().headers.authorization).toBe('Bearer given');
    given.setToken('fresh');
    expect(storage.getItem('base44_access_token')).toBe('fresh');
    await given.functions.invoke('f', {});
    expect(server.last().headers.authorization).toBe('Bearer fresh');
    await given.integrations.Core.SendEmail({});
    await given.agents.getConversations();
    await given.appLogs.logUserInApp('Index');
    expect(server.requests.map((request) => request.headers.authorization)).toEqual([
      'Bearer stored',
      'Bearer given',
      'Bearer fresh',
      'Bearer fresh',
      'Bearer fresh',
      'Bearer fresh',
    ]);
  });

  it('sends logout to the login pages of appBaseUrl, on the given location', () => {
    const location = createFakeLocation('https://site.example/Pricing');
    const client = createPlatformClient({
      appId: 'local-app',
      serverUrl: server.url,
      storage: null,
      location,
      appBaseUrl: 'https://app.example',
    });
    client.auth.redirectToLogin();
    expect(location.href).toBe(
      `https://app.example/login?from_url=${encodeURIComponent('https://site.example/Pricing')}`,
    );
  });

  it('creates one realtime client, on first use, with the client token; cleanup closes it', async () => {
    const made: { uri: string | undefined; query: unknown }[] = [];
    const client = createPlatformClient({
      appId: 'local-app',
      serverUrl: server.url,
      storage: null,
      location: null,
      token: 'tok',
      logger: { error() {} },
      io: (uri, options) => {
        made.push({ uri, query: options.query });
        return io(uri, options);
      },
    });
    expect(() => client.cleanup()).not.toThrow();
    expect(made).toEqual([]);
    const realtime = client.realtime;
    expect(client.realtime).toBe(realtime);
    await realtime.connect();
    expect(made).toEqual([{ uri: server.url, query: { app_id: 'local-app', token: 'tok' } }]);
    expect(realtime.getState()).toBe('connecting');
    client.setToken('next');
    expect(made.length).toBe(1);
    client.cleanup();
    expect(realtime.getState()).toBe('disconnected');
  });

  it('gives one service-role client, only with a service token', async () => {
    const options = { appId: 'local-app', serverUrl: server.url, storage: null, location: null };
    expect(() => createPlatformClient(options).asServiceRole).toThrow(SERVICE_TOKEN_REQUIRED);
    const client = createPlatformClient({ ...options, serviceToken: 'service-token' });
    expect(client.asServiceRole).toBe(client.asServiceRole);
    await client.asServiceRole.sso.getAccessToken('u1');
    expect(server.last().headers.authorization).toBe('Bearer service-token');
  });

  it('a token set after the socket exists is the one its next handshake sends; none once it is cleared', async () => {
    const { socket, io } = socketDouble();
    client = createPlatformClient({
      appId: 'local-app',
      serverUrl: 'http://127.0.0.1:9',
      storage: null,
      location: null,
      token: 'first',
      logger: { error() {} },
      io,
    });
    await client.realtime.connect();
    expect(socket.io.opts.query).toEqual({ app_id: 'local-app', token: 'first' });
    client.setToken('second');
    expect(socket.io.opts.query).toEqual({ app_id: 'local-app', token: 'second' });
    client.auth.setToken('', false);
    expect(socket.io.opts.query).toEqual({ app_id: 'local-app' });
  });
});
