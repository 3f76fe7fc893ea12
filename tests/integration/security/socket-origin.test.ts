/**
 * The socket.io handshake (which never passes through Fastify's hooks) accepts a page only from the harness's own
 * origin, the site's origin or an editor origin; a tool (no Origin) is allowed. Anything else is refused before a
 * socket exists, so it never joins a room. Real socket.io clients, both transports.
 */
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../../host-harness/src/emulator/index.ts';
import { APP, type Json } from '../emulator/emulator-harness.ts';

const SITE = 'http://localhost:4401';
const EDITOR = 'https://editor.example.com';
const ROOM = `entities:${APP}:Lead`;

let emulator: Emulator;
let url: string;
let port: number;

beforeAll(async () => {
  emulator = await createEmulator({ quiet: true, socketOrigins: [SITE, EDITOR] });
  url = await emulator.listen();
  port = Number(new URL(url).port);
});
afterAll(() => emulator.close());

type Transport = 'websocket' | 'polling';

/** Opens an anonymous socket with the given Origin (none: a tool); resolves with the outcome of the handshake. */
function open(
  transport: Transport,
  origin: string | null,
): Promise<{ socket: Socket; connected: boolean; error?: string }> {
  const socket = io(url, {
    path: '/ws-user-apps/socket.io/',
    transports: [transport],
    query: { app_id: APP, token: 'null' },
    reconnection: false,
    timeout: 5_000,
    ...(origin === null ? {} : { extraHeaders: { origin } }),
  });
  return new Promise((resolve) => {
    socket.once('connect', () => resolve({ socket, connected: true }));
    socket.once('connect_error', (error) => resolve({ socket, connected: false, error: error.message }));
  });
}

/** Collects the `update_model` events a socket receives after asking to join `ROOM`. */
function watch(socket: Socket): Json[] {
  const seen: Json[] = [];
  socket.on('update_model', (message: { room: string; data: string }) => seen.push(JSON.parse(message.data)));
  socket.emit('join', ROOM);
  return seen;
}

async function createLead(name: string): Promise<void> {
  const response = await fetch(`${url}/api/apps/${APP}/entities/Lead`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer local-service-token' },
    body: JSON.stringify({ name }),
  });
  expect(response.status).toBe(200);
}

const refusedOrigins = () => [
  'https://evil.example',
  'null',
  'http://localhost:4402',
  `http://localhost:${port + 1}`,
  'https://localhost:4401',
  'http://localhost.evil.com:4401',
  `${EDITOR}.evil.io`,
  'http://editor.example.com',
];

describe.each<Transport>(['websocket', 'polling'])('socket handshake over %s', (transport) => {
  it('accepts tools, the harness, the site (any loopback name) and the editor', async () => {
    for (const origin of [
      null,
      `http://127.0.0.1:${port}`,
      `http://localhost:${port}`,
      SITE,
      'http://127.0.0.1:4401',
      EDITOR,
    ]) {
      const { socket, connected, error } = await open(transport, origin);
      socket.close();
      expect(connected, `${origin}: ${error}`).toBe(true);
    }
  });

  it('refuses every other origin with a clear message, before any room is joined', async () => {
    const listener = await open(transport, SITE);
    expect(listener.connected).toBe(true);
    const delivered = watch(listener.socket);
    const refused: { socket: Socket; seen: Json[] }[] = [];
    for (const origin of refusedOrigins()) {
      const { socket, connected, error } = await open(transport, origin);
      expect(connected, origin).toBe(false);
      expect(error, origin).toMatch(/Origin|xhr poll error|websocket error/);
      refused.push({ socket, seen: watch(socket) });
    }
    await new Promise((r) => setTimeout(r, 100));
    await createLead(`seen over ${transport}`);
    await expect.poll(() => delivered.length).toBe(1);
    await new Promise((r) => setTimeout(r, 300));
    for (const { socket, seen } of refused) {
      expect(seen).toEqual([]);
      expect(socket.connected).toBe(false);
      socket.close();
    }
    listener.socket.close();
  });
});

describe('the refusal a browser sees', () => {
  it('polling handshake: 403 naming the refused Origin', async () => {
    const response = await fetch(`${url}/ws-user-apps/socket.io/?EIO=4&transport=polling`, {
      headers: { origin: 'https://evil.example' },
    });
    expect(response.status).toBe(403);
    expect(await response.text()).toMatch(/Origin \\?"https:\/\/evil\.example\\?" was refused/);
  });

  it('an allowed page may read the polling answers (CORS), the editor on another host included', async () => {
    for (const origin of [SITE, EDITOR]) {
      const response = await fetch(`${url}/ws-user-apps/socket.io/?EIO=4&transport=polling`, {
        headers: { origin },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBe(origin);
    }
  });

  it('a handshake with no Origin (a tool) still works', async () => {
    const response = await fetch(`${url}/ws-user-apps/socket.io/?EIO=4&transport=polling`);
    expect(response.status).toBe(200);
    expect(await response.text()).toMatch(/"sid"/);
  });
});

describe('defaults', () => {
  it('without socketOrigins, the site origin of npm start (http://localhost:4401) is allowed', async () => {
    const plain = await createEmulator({ quiet: true });
    const base = await plain.listen();
    try {
      const handshake = (origin: string) =>
        fetch(`${base}/ws-user-apps/socket.io/?EIO=4&transport=polling`, { headers: { origin } });
      expect((await handshake('http://localhost:4401')).status).toBe(200);
      expect((await handshake(EDITOR)).status).toBe(403);
    } finally {
      await plain.close();
    }
  });
});
