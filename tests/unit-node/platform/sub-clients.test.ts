/**
 * The platform client's sub-clients as the server sees them (docs/platform-api.md): each call's method, path, query and
 * body, over real HTTP to a recording server, and what each call resolves to.
 */
import { io } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import {
  type AgentConversation,
  createAgentsClient,
  createAppClient,
  createAppLogsClient,
  createEntitiesClient,
  createHttpCore,
  createIntegrationsClient,
  createPlatformClient,
  createServiceRoleClient,
  createSsoClient,
  type PlatformError,
  type RealtimeSubscriber,
  type RoomHandlers,
  SERVICE_TOKEN_REQUIRED,
} from '../../../src/platform/index.ts';
import {
  createFakeLocation,
  createMemoryStorage,
  json,
  type RecordedRequest,
  recordingServerPerFile,
} from '../../support/recording-server.ts';

const server = recordingServerPerFile();

const core = (token: string | null = null) =>
  createHttpCore({ appId: 'local-app', serverUrl: server.url, location: null, token });

/** What the server saw of a request: method, URL (path and query, decoded) and JSON body. */
function seen(request: RecordedRequest | undefined = server.last()) {
  if (!request) throw new Error('no request');
  const text = request.body.toString();
  return {
    call: `${request.method} ${decodeURIComponent(request.url)}`,
    body: text === '' ? undefined : JSON.parse(text),
  };
}

/** The rooms joined through a subscriber, with their handlers, as the realtime client would hold them. */
function recordingSubscriber() {
  const rooms: { room: string; handlers: RoomHandlers; left: boolean }[] = [];
  const subscriber: RealtimeSubscriber = {
    subscribe(room, handlers) {
      const entry = { room, handlers, left: false };
      rooms.push(entry);
      return () => {
        entry.left = true;
      };
    },
  };
  return { rooms, realtime: () => subscriber };
}

describe('entities', () => {
  it('list and filter send sort, limit, skip and fields only when set', async () => {
    const { Lead } = createEntitiesClient(core());
    if (!Lead) throw new Error('no handler');
    server.respond((_req, res) => json(res, 200, [{ id: '1' }]));
    expect(await Lead.list()).toEqual([{ id: '1' }]);
    expect(seen().call).toBe('GET /api/apps/local-app/entities/Lead');
    await Lead.list('-created_date', 10, 20, ['id', 'name']);
    expect(seen().call).toBe(
      'GET /api/apps/local-app/entities/Lead?sort=-created_date&limit=10&skip=20&fields=id,name',
    );
    await Lead.list('', 0, 0, []);
    expect(seen().call).toBe('GET /api/apps/local-app/entities/Lead');
    await Lead.filter({ status: 'new' });
    expect(seen().call).toBe('GET /api/apps/local-app/entities/Lead?q={"status":"new"}');
    await Lead.filter({ status: 'new' }, 'name', 5, 1, ['id']);
    expect(seen().call).toBe(
      'GET /api/apps/local-app/entities/Lead?q={"status":"new"}&sort=name&limit=5&skip=1&fields=id',
    );
  });

  it('reads, creates, updates and deletes one record by its encoded id', async () => {
    const { Lead } = createEntitiesClient(core());
    if (!Lead) throw new Error('no handler');
    server.respond((_req, res) => json(res, 200, { id: 'a/b' }));
    expect(await Lead.get('a/b')).toEqual({ id: 'a/b' });
    expect(server.last().url).toBe('/api/apps/local-app/entities/Lead/a%2Fb');
    expect(seen().call).toBe('GET /api/apps/local-app/entities/Lead/a/b');
    expect(await Lead.create({ name: 'Ann' })).toEqual({ id: 'a/b' });
    expect(seen()).toEqual({ call: 'POST /api/apps/local-app/entities/Lead', body: { name: 'Ann' } });
    await Lead.update('a/b', { name: 'Bea' });
    expect(server.last().url).toBe('/api/apps/local-app/entities/Lead/a%2Fb');
    expect(seen()).toEqual({ call: 'PUT /api/apps/local-app/entities/Lead/a/b', body: { name: 'Bea' } });
    await Lead.delete('a/b');
    expect(server.last().url).toBe('/api/apps/local-app/entities/Lead/a%2Fb');
    expect(seen()).toEqual({ call: 'DELETE /api/apps/local-app/entities/Lead/a/b', body: undefined });
  });

  it('deletes many with the query as the body, creates in bulk and imports a file as multipart', async () => {
    const { Lead } = createEntitiesClient(core());
    if (!Lead) throw new Error('no handler');
    await Lead.deleteMany({ status: 'old' });
    expect(seen()).toEqual({ call: 'DELETE /api/apps/local-app/entities/Lead', body: { status: 'old' } });
    await Lead.bulkCreate([{ name: 'A' }, { name: 'B' }]);
    expect(seen()).toEqual({
      call: 'POST /api/apps/local-app/entities/Lead/bulk',
      body: [{ name: 'A' }, { name: 'B' }],
    });
    for (const [file, name] of [
      [new File(['a,b'], 'leads.csv'), 'leads.csv'],
      // A Blob has no name of its own.
      [new Blob(['a,b']), 'import'],
    ] as const) {
      await Lead.importEntities(file);
      const { method, url, headers, body } = server.last();
      expect(`${method} ${url}`).toBe('POST /api/apps/local-app/entities/Lead/import');
      const form = await new Response(new Uint8Array(body), {
        headers: { 'content-type': String(headers['content-type']) },
      }).formData();
      const sent = form.get('file') as File;
      expect(sent.name).toBe(name);
      expect(await sent.text()).toBe('a,b');
    }
  });

  it("reads and updates the signed-in user, under the User entity's me", async () => {
    const { User } = createEntitiesClient(core('user-token'));
    server.respond((_req, res) => json(res, 200, { id: 'u1', role: 'user' }));
    expect(await User.me()).toEqual({ id: 'u1', role: 'user' });
    expect(seen().call).toBe('GET /api/apps/local-app/entities/User/me');
    expect(server.last().headers.authorization).toBe('Bearer user-token');
    await User.updateMe({ full_name: 'Ann' });
    expect(seen()).toEqual({ call: 'PUT /api/apps/local-app/entities/User/me', body: { full_name: 'Ann' } });
  });

  it('encodes the entity name, and answers no property a promise check or a debugger reads', () => {
    const entities = createEntitiesClient(core());
    expect(entities.Lead).toBe(entities.Lead);
    expect(entities.then).toBeUndefined();
    expect(entities._private).toBeUndefined();
    expect((entities as unknown as Record<symbol, unknown>)[Symbol.toStringTag]).toBeUndefined();
    expect(entities['A B']).toBeDefined();
  });

  it('subscribes to the room entities:{appId}:{Entity}, passing changes and errors through', () => {
    const { rooms, realtime } = recordingSubscriber();
    const { Lead } = createEntitiesClient(core(), realtime);
    if (!Lead) throw new Error('no handler');
    const changes: unknown[] = [];
    const errors: Error[] = [];
    const off = Lead.subscribe(
      (event) => changes.push(event),
      (error) => errors.push(error),
    );
    const [joined] = rooms;
    expect(joined?.room).toBe('entities:local-app:Lead');
    const change = { type: 'create', id: '1', data: { id: '1' } };
    joined?.handlers.update?.(change, { room: 'entities:local-app:Lead', data: JSON.stringify(change) });
    joined?.handlers.error?.(new Error('dropped'));
    expect(changes).toEqual([change]);
    expect(errors.map((error) => error.message)).toEqual(['dropped']);
    off();
    expect(joined?.left).toBe(true);
  });

  it('refuses to subscribe without realtime', () => {
    const { Lead } = createEntitiesClient(core());
    if (!Lead) throw new Error('no handler');
    expect(() => Lead.subscribe(() => {})).toThrow(
      expect.objectContaining({ message: 'Realtime is not available', code: 'realtime_unavailable' }),
    );
  });
});

describe('agents', () => {
  it('lists, reads, creates conversations and adds messages (by conversation or id)', async () => {
    const agents = createAgentsClient(core());
    server.respond((_req, res) => json(res, 200, { id: 'c/1', messages: [] }));
    expect(await agents.getConversations()).toEqual({ id: 'c/1', messages: [] });
    expect(seen().call).toBe('GET /api/apps/local-app/agents/conversations');
    await agents.listConversations({ agent_name: 'helper', limit: 2 });
    expect(seen().call).toBe('GET /api/apps/local-app/agents/conversations?agent_name=helper&limit=2');
    await agents.getConversation('c/1');
    expect(server.last().url).toBe('/api/apps/local-app/agents/conversations/c%2F1');
    await agents.createConversation({ agent_name: 'helper', metadata: { page: 'Pricing' } });
    expect(seen()).toEqual({
      call: 'POST /api/apps/local-app/agents/conversations',
      body: { agent_name: 'helper', metadata: { page: 'Pricing' } },
    });
    await agents.addMessage('c/1', { role: 'user', content: 'Hi' });
    expect(server.last().url).toBe('/api/apps/local-app/agents/conversations/c%2F1/messages');
    expect(seen().body).toEqual({ role: 'user', content: 'Hi' });
    await agents.addMessage({ id: 'c2' }, { role: 'user', content: 'Again' });
    expect(server.last().url).toBe('/api/apps/local-app/agents/conversations/c2/messages');
  });

  it("gives the WhatsApp connect URL, with the user's token only when there is one", () => {
    expect(createAgentsClient(core()).getWhatsAppConnectURL('sales bot')).toBe(
      `${server.url}/api/apps/local-app/agents/sales%20bot/whatsapp`,
    );
    expect(createAgentsClient(core('t&k')).getWhatsAppConnectURL('bot')).toBe(
      `${server.url}/api/apps/local-app/agents/bot/whatsapp?token=t%26k`,
    );
  });

  it('merges each update of a conversation into the loaded one, by message id, in order', async () => {
    const conversation: AgentConversation = { id: 'c1', messages: [{ id: 'm1', content: 'Hi' }] };
    server.respond((_req, res) => json(res, 200, conversation));
    const { rooms, realtime } = recordingSubscriber();
    const seenUpdates: AgentConversation[] = [];
    const errors: Error[] = [];
    const off = createAgentsClient(core(), realtime).subscribeToConversation(
      'c1',
      (next) => seenUpdates.push(next),
      (error) => errors.push(error),
    );
    const [joined] = rooms;
    expect(joined?.room).toBe('/agent-conversations/c1');
    const update = (data: unknown) => joined?.handlers.update?.(data, { room: 'c1', data: '' });
    // Arrives before the conversation has loaded: applied once it has.
    update({ _message: { id: 'm2', content: 'Hello' } });
    update(null);
    update({ other: true });
    update({ _message: { id: 'm1', content: 'Hi (edited)' } });
    await expect.poll(() => seenUpdates.length).toBe(2);
    expect(seen().call).toBe('GET /api/apps/local-app/agents/conversations/c1');
    expect(seenUpdates).toEqual([
      {
        id: 'c1',
        messages: [
          { id: 'm1', content: 'Hi' },
          { id: 'm2', content: 'Hello' },
        ],
      },
      {
        id: 'c1',
        messages: [
          { id: 'm1', content: 'Hi (edited)' },
          { id: 'm2', content: 'Hello' },
        ],
      },
    ]);
    expect(errors).toEqual([]);
    off();
    expect(joined?.left).toBe(true);
  });

  it('reports a failed load and a throwing listener to onError, and applies no update without a conversation', async () => {
    const { rooms, realtime } = recordingSubscriber();
    const agents = createAgentsClient(core(), realtime);

    server.respond((_req, res) => json(res, 404, { message: 'Conversation not found' }));
    const errors: Error[] = [];
    const updates: unknown[] = [];
    agents.subscribeToConversation(
      'gone',
      (next) => updates.push(next),
      (error) => errors.push(error),
    );
    rooms[0]?.handlers.update?.({ _message: { id: 'm1' } }, { room: 'gone', data: '' });
    await expect.poll(() => errors.length).toBe(1);
    expect(errors[0]?.message).toBe('Conversation not found');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(updates).toEqual([]);

    server.respond((_req, res) => json(res, 200, { id: 'c1' }));
    const failures: Error[] = [];
    agents.subscribeToConversation(
      'c1',
      () => {
        throw new Error('listener broke');
      },
      (error) => failures.push(error),
    );
    rooms[1]?.handlers.update?.({ _message: { id: 'm1' } }, { room: 'c1', data: '' });
    rooms[1]?.handlers.error?.(new Error('socket error'));
    await expect.poll(() => failures.length).toBe(2);
    expect(failures.map((error) => error.message).sort()).toEqual(['listener broke', 'socket error']);
  });

  it('subscribes without listeners for errors, and refuses to subscribe without realtime', async () => {
    const { rooms, realtime } = recordingSubscriber();
    server.respond((_req, res) => json(res, 500, { message: 'down' }));
    createAgentsClient(core(), realtime).subscribeToConversation('c1', () => {
      throw new Error('never called');
    });
    rooms[0]?.handlers.update?.({ _message: { id: 'm1' } }, { room: 'c1', data: '' });
    await expect.poll(() => server.requests.length).toBe(1);
    expect(() => createAgentsClient(core()).subscribeToConversation('c1', () => {})).toThrow(
      expect.objectContaining({ message: 'Realtime is not available', code: 'realtime_unavailable' }),
    );
  });
});

describe('app, app logs and SSO', () => {
  it('loads the public settings by app id', async () => {
    server.respond((_req, res) => json(res, 200, { id: 'local-app', public_settings: {} }));
    expect(await createAppClient(core()).getPublicSettings()).toEqual({
      id: 'local-app',
      public_settings: {},
    });
    expect(seen().call).toBe('GET /api/apps/public/prod/public-settings/by-id/local-app');
  });

  it('logs a page visit with no body, and queries logs and stats', async () => {
    const logs = createAppLogsClient(core());
    server.respond((_req, res) => json(res, 200, { logs: [] }));
    expect(await logs.logUserInApp('Payment Success')).toBeUndefined();
    expect(server.last().url).toBe('/api/app-logs/local-app/log-user-in-app/Payment%20Success');
    expect(seen()).toEqual({
      call: 'POST /api/app-logs/local-app/log-user-in-app/Payment Success',
      body: undefined,
    });
    expect(await logs.fetchLogs({ limit: 5 })).toEqual({ logs: [] });
    expect(seen().call).toBe('GET /api/app-logs/local-app?limit=5');
    expect(await logs.getStats({ days: 7 })).toEqual({ logs: [] });
    expect(seen().call).toBe('GET /api/app-logs/local-app/stats?days=7');
  });

  it('asks for an SSO access token for a user', async () => {
    server.respond((_req, res) => json(res, 200, { access_token: 'sso' }));
    expect(await createSsoClient(core()).getAccessToken('u/1')).toEqual({ access_token: 'sso' });
    expect(server.last().url).toBe('/api/apps/local-app/auth/sso/accesstoken/u%2F1');
  });
});

describe('integrations', () => {
  it('posts Core endpoints and installable packages to their paths, names encoded', async () => {
    const integrations = createIntegrationsClient<{ 'my pkg': 'Do It' }>(core());
    server.respond((_req, res) => json(res, 200, { sent: true }));
    expect(await integrations.Core.SendEmail({ to: 'a@example.com' })).toEqual({ sent: true });
    expect(seen()).toEqual({
      call: 'POST /api/apps/local-app/integration-endpoints/Core/SendEmail',
      body: { to: 'a@example.com' },
    });
    await integrations['my pkg']['Do It']();
    expect(server.last().url).toBe(
      '/api/apps/local-app/integration-endpoints/installable/my%20pkg/integration-endpoints/Do%20It',
    );
    expect(seen().body).toEqual({});
  });

  it('answers no property a promise check or a debugger reads', () => {
    const integrations = createIntegrationsClient(core());
    expect(integrations.then).toBeUndefined();
    expect(integrations._x).toBeUndefined();
    expect((integrations as unknown as Record<symbol, unknown>)[Symbol.iterator]).toBeUndefined();
    expect(integrations.Core.then).toBeUndefined();
    expect(integrations.Core._y).toBeUndefined();
    expect(typeof integrations.Core.SendEmail).toBe('function');
  });
});

describe('service role', () => {
  it('calls every sub-client with the service token, the user token sent on-behalf-of', async () => {
    const service = createServiceRoleClient(core('user-token'), 'service-token');
    const calls: [string, () => Promise<unknown>][] = [
      ['GET /api/apps/local-app/entities/Lead', () => service.entities.Lead?.list() ?? Promise.resolve()],
      [
        'POST /api/apps/local-app/integration-endpoints/Core/SendEmail',
        () => service.integrations.Core.SendEmail({}),
      ],
      ['POST /api/apps/local-app/functions/f', () => service.functions.invoke('f', {})],
      ['GET /api/apps/local-app/agents/conversations', () => service.agents.getConversations()],
      ['GET /api/app-logs/local-app', () => service.appLogs.fetchLogs()],
      ['GET /api/apps/local-app/auth/sso/accesstoken/u1', () => service.sso.getAccessToken('u1')],
    ];
    for (const [call, make] of calls) {
      await make();
      expect(seen().call).toBe(call);
      expect(server.last().headers.authorization).toBe('Bearer service-token');
      expect(server.last().headers['on-behalf-of']).toBe('Bearer user-token');
    }
  });

  it('passes realtime on to entities and agents', async () => {
    const { rooms, realtime } = recordingSubscriber();
    const service = createServiceRoleClient(core(), 'service-token', realtime);
    service.entities.Lead?.subscribe(() => {});
    expect(rooms.map((joined) => joined.room)).toEqual(['entities:local-app:Lead']);
    server.respond((_req, res) => json(res, 200, { id: 'c1' }));
    service.agents.subscribeToConversation('c1', () => {});
    expect(rooms.map((joined) => joined.room)).toEqual([
      'entities:local-app:Lead',
      '/agent-conversations/c1',
    ]);
    // The conversation is loaded with the service token.
    await expect.poll(() => server.requests.length).toBe(1);
    expect(server.last().headers.authorization).toBe('Bearer service-token');
  });

  it('refuses without a service token, with the contract message', () => {
    for (const token of [undefined, null, '']) {
      const error = (() => {
        try {
          createServiceRoleClient(core(), token);
        } catch (thrown) {
          return thrown as PlatformError;
        }
        throw new Error('expected a refusal');
      })();
      expect(error.message).toBe(SERVICE_TOKEN_REQUIRED);
      expect(error.code).toBe('service_token_required');
    }
  });
});

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
});
