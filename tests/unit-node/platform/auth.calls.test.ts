/**
 * The auth sub-client's calls as the server sees them (docs/platform-api.md, "Auth"): each call's method, path, headers
 * and JSON body over real HTTP to a recording server, what it resolves to or rejects with, and what it does to the
 * token (only `me` and the login touch it on a failure; `logout` and `setToken` change it on purpose).
 */
import { describe, expect, it } from 'vitest';
import {
  type AuthClient,
  createAuthClient,
  createHttpCore,
  createTokenStore,
  TOKEN_STORAGE_KEYS,
} from '../../../src/platform/index.ts';
import {
  createFakeLocation,
  createMemoryStorage,
  json,
  type RecordedRequest,
  recordingServerPerFile,
} from '../../support/recording-server.ts';

const server = recordingServerPerFile();
const HERE = 'https://site.example/Pricing?tab=1#faq';

interface Setup {
  auth: AuthClient;
  storage: ReturnType<typeof createMemoryStorage>;
  location: ReturnType<typeof createFakeLocation>;
  /** Every token `onTokenChange` was told about, in order. */
  changes: (string | null)[];
}

/**
 * An auth client on its own core, with `token` in use and stored under both keys (when given), at `HERE`, or outside
 * a browser (no location) when `located` is false.
 */
function setup(token: string | null = 'Zuser', located = true): Setup {
  const storage = createMemoryStorage(
    token === null ? {} : Object.fromEntries(TOKEN_STORAGE_KEYS.map((key) => [key, token])),
  );
  const location = createFakeLocation(HERE);
  const changes: (string | null)[] = [];
  const core = createHttpCore({ appId: 'local-app', serverUrl: server.url, location: null, token });
  const auth = createAuthClient(core, {
    tokenStore: createTokenStore(storage),
    ...(located ? { location } : {}),
    onTokenChange: (next) => changes.push(next),
  });
  return { auth, storage, location, changes };
}

/** What the server saw of a request: method and path, the headers a caller sets, and the JSON body. */
function seen(request: RecordedRequest = server.last()) {
  const text = request.body.toString();
  return {
    call: `${request.method} ${request.url}`,
    contentType: request.headers['content-type'],
    appId: request.headers['x-app-id'],
    authorization: request.headers.authorization,
    body: text === '' ? undefined : JSON.parse(text),
  };
}

const storedTokens = (storage: Setup['storage']) => TOKEN_STORAGE_KEYS.map((key) => storage.getItem(key));

describe('updateMe', () => {
  it('PUTs the changes to the current user, as JSON with the token, and answers the updated user', async () => {
    server.respond((_req, res) => json(res, 200, { id: 'u1', full_name: 'Ada Lovelace', role: 'user' }));
    const { auth } = setup();
    const user = await auth.updateMe({ full_name: 'Ada Lovelace' });
    expect(user).toEqual({ id: 'u1', full_name: 'Ada Lovelace', role: 'user' });
    expect(seen()).toEqual({
      call: 'PUT /api/apps/local-app/entities/User/me',
      contentType: 'application/json',
      appId: 'local-app',
      authorization: 'Bearer Zuser',
      body: { full_name: 'Ada Lovelace' },
    });
    expect(server.requests).toHaveLength(1);
  });

  it('a 401 rejects with the server’s message and keeps the token (only `me` removes it)', async () => {
    server.respond((_req, res) => json(res, 401, { message: 'Session expired' }));
    const { auth, storage, location, changes } = setup();
    await expect(auth.updateMe({ full_name: 'x' })).rejects.toMatchObject({
      name: 'PlatformHttpError',
      status: 401,
      message: 'Session expired',
    });
    expect(auth.getToken()).toBe('Zuser');
    expect(storedTokens(storage)).toEqual(['Zuser', 'Zuser']);
    expect(location.reloads).toBe(0);
    expect(changes).toEqual([]);
  });
});

describe('the auth calls under /apps/{appId}/auth and /users', () => {
  it('register POSTs the payload as given and answers the server’s body; a returned token is not taken', async () => {
    server.respond((_req, res) => json(res, 201, { id: 'u2', access_token: 'Znot-taken' }));
    const { auth, storage, changes } = setup(null);
    const payload = { email: 'new@example.com', password: 'pw123456', full_name: 'New User' };
    expect(await auth.register(payload)).toEqual({ id: 'u2', access_token: 'Znot-taken' });
    expect(seen()).toEqual({
      call: 'POST /api/apps/local-app/auth/register',
      contentType: 'application/json',
      appId: 'local-app',
      authorization: undefined,
      body: payload,
    });
    expect(auth.getToken()).toBeNull();
    expect(storage.map.size).toBe(0);
    expect(changes).toEqual([]);
  });

  it('verifyOtp POSTs {email, otp_code}', async () => {
    server.respond((_req, res) => json(res, 200, { verified: true }));
    const { auth } = setup();
    expect(await auth.verifyOtp({ email: 'a@example.com', otpCode: '123456' })).toEqual({ verified: true });
    expect(seen()).toEqual({
      call: 'POST /api/apps/local-app/auth/verify-otp',
      contentType: 'application/json',
      appId: 'local-app',
      authorization: 'Bearer Zuser',
      body: { email: 'a@example.com', otp_code: '123456' },
    });
  });

  it('resendOtp POSTs {email}', async () => {
    server.respond((_req, res) => json(res, 200, { sent: 1 }));
    const { auth } = setup();
    expect(await auth.resendOtp('a@example.com')).toEqual({ sent: 1 });
    expect(seen()).toMatchObject({
      call: 'POST /api/apps/local-app/auth/resend-otp',
      contentType: 'application/json',
      body: { email: 'a@example.com' },
    });
  });

  it('resetPasswordRequest POSTs {email}', async () => {
    server.respond((_req, res) => json(res, 200, { requested: true }));
    const { auth } = setup(null);
    expect(await auth.resetPasswordRequest('forgot@example.com')).toEqual({ requested: true });
    expect(seen()).toEqual({
      call: 'POST /api/apps/local-app/auth/reset-password-request',
      contentType: 'application/json',
      appId: 'local-app',
      authorization: undefined,
      body: { email: 'forgot@example.com' },
    });
  });

  it('resetPassword POSTs {reset_token, new_password}', async () => {
    server.respond((_req, res) => json(res, 200, { reset: true }));
    const { auth } = setup(null);
    expect(await auth.resetPassword({ resetToken: 'rt-1', newPassword: 'new-secret' })).toEqual({
      reset: true,
    });
    expect(seen()).toMatchObject({
      call: 'POST /api/apps/local-app/auth/reset-password',
      contentType: 'application/json',
      body: { reset_token: 'rt-1', new_password: 'new-secret' },
    });
  });

  it('changePassword POSTs {user_id, current_password, new_password} with the token', async () => {
    server.respond((_req, res) => json(res, 200, { changed: true }));
    const { auth } = setup();
    const answer = await auth.changePassword({
      userId: 'u1',
      currentPassword: 'old-secret',
      newPassword: 'new-secret',
    });
    expect(answer).toEqual({ changed: true });
    expect(seen()).toEqual({
      call: 'POST /api/apps/local-app/auth/change-password',
      contentType: 'application/json',
      appId: 'local-app',
      authorization: 'Bearer Zuser',
      body: { user_id: 'u1', current_password: 'old-secret', new_password: 'new-secret' },
    });
  });

  it('inviteUser POSTs {user_email, role} to /apps/{appId}/users/invite-user', async () => {
    server.respond((_req, res) => json(res, 200, { invited: 'b@example.com' }));
    const { auth } = setup();
    expect(await auth.inviteUser('b@example.com', 'admin')).toEqual({ invited: 'b@example.com' });
    expect(seen()).toEqual({
      call: 'POST /api/apps/local-app/users/invite-user',
      contentType: 'application/json',
      appId: 'local-app',
      authorization: 'Bearer Zuser',
      body: { user_email: 'b@example.com', role: 'admin' },
    });
  });

  it('a failed call rejects with the server’s status, message and code, and leaves the token alone', async () => {
    server.respond((_req, res) =>
      json(res, 401, { error: { message: 'Wrong current password', code: 'bad_password' } }),
    );
    const { auth, storage, location, changes } = setup();
    await expect(
      auth.changePassword({ userId: 'u1', currentPassword: 'wrong', newPassword: 'new-secret' }),
    ).rejects.toMatchObject({ status: 401, message: 'Wrong current password', code: 'bad_password' });
    server.respond((_req, res) => json(res, 400, { message: 'Invalid code' }));
    await expect(auth.verifyOtp({ email: 'a@example.com', otpCode: '000000' })).rejects.toMatchObject({
      status: 400,
      message: 'Invalid code',
    });
    expect(auth.getToken()).toBe('Zuser');
    expect(storedTokens(storage)).toEqual(['Zuser', 'Zuser']);
    expect(location.reloads).toBe(0);
    expect(changes).toEqual([]);
  });
});

describe('isAuthenticated', () => {
  it('is true when `me` answers with the token in use', async () => {
    server.respond((_req, res) => json(res, 200, { id: 'u1', role: 'user' }));
    const { auth } = setup();
    expect(await auth.isAuthenticated()).toBe(true);
    expect(seen()).toMatchObject({
      call: 'GET /api/apps/local-app/entities/User/me',
      authorization: 'Bearer Zuser',
      body: undefined,
    });
  });

  it('is false (not a rejection) when `me` fails, whatever the status', async () => {
    const { auth, storage } = setup();
    server.respond((_req, res) => json(res, 500, { message: 'down' }));
    expect(await auth.isAuthenticated()).toBe(false);
    // A failure that does not reject the token keeps it.
    expect(storedTokens(storage)).toEqual(['Zuser', 'Zuser']);
    server.respond((_req, res) => json(res, 401, { message: 'Invalid token' }));
    expect(await auth.isAuthenticated()).toBe(false);
    expect(storage.map.size).toBe(0);
    expect(auth.getToken()).toBeNull();
  });
});

describe('me', () => {
  it('a 401 tells onTokenChange the token is gone; a 500 does not', async () => {
    const { auth, changes } = setup();
    server.respond((_req, res) => json(res, 500, { message: 'down' }));
    await expect(auth.me()).rejects.toMatchObject({ status: 500, message: 'down' });
    expect(changes).toEqual([]);
    server.respond((_req, res) => json(res, 401, { message: 'Invalid token' }));
    await expect(auth.me()).rejects.toMatchObject({ status: 401, message: 'Invalid token' });
    expect(changes).toEqual([null]);
  });

  it('gives up after the timeout it is given, keeping the token', async () => {
    server.respond(() => {
      // Never answers: the client's timeout ends the call.
    });
    const { auth, storage } = setup();
    await expect(auth.me({ timeout: 50 })).rejects.toMatchObject({
      name: 'PlatformTimeoutError',
      message: 'timeout of 50ms exceeded',
    });
    expect(storedTokens(storage)).toEqual(['Zuser', 'Zuser']);
  });

  it("stops when the caller's signal aborts", async () => {
    server.respond(() => {});
    const { auth } = setup();
    const controller = new AbortController();
    const call = auth.me({ signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(call).rejects.toMatchObject({
      name: 'PlatformAbortError',
      message: 'The request was aborted',
    });
    expect(auth.getToken()).toBe('Zuser');
  });
});

describe('loginViaEmailPassword: the answers that do not sign in', () => {
  it('without a Turnstile token, sends only email and password', async () => {
    server.respond((_req, res) => json(res, 200, { access_token: 'Zfresh', user: { id: 'u1' } }));
    const { auth, changes } = setup(null);
    await auth.loginViaEmailPassword('a@example.com', 'pw', '');
    expect(seen()).toEqual({
      call: 'POST /api/apps/local-app/auth/login',
      contentType: 'application/json',
      appId: 'local-app',
      authorization: undefined,
      body: { email: 'a@example.com', password: 'pw' },
    });
    expect(changes).toEqual(['Zfresh']);
  });

  it('an answer without a token keeps the one in use and answers what there is', async () => {
    server.respond((_req, res) => json(res, 200, { user: { id: 'u1' } }));
    const { auth, storage, changes } = setup();
    expect(await auth.loginViaEmailPassword('a@example.com', 'pw')).toEqual({
      access_token: undefined,
      user: { id: 'u1' },
    });
    expect(auth.getToken()).toBe('Zuser');
    expect(storedTokens(storage)).toEqual(['Zuser', 'Zuser']);
    expect(changes).toEqual([]);
  });

  it('an empty answer answers neither token nor user', async () => {
    server.respond((_req, res) => {
      res.writeHead(200);
      res.end();
    });
    const { auth } = setup();
    expect(await auth.loginViaEmailPassword('a@example.com', 'pw')).toEqual({
      access_token: undefined,
      user: undefined,
    });
    expect(auth.getToken()).toBe('Zuser');
  });

  it.each([403, 500])('a %i rejects without logging out', async (status) => {
    server.respond((_req, res) => json(res, status, { message: 'Refused' }));
    const { auth, storage, location, changes } = setup();
    await expect(auth.loginViaEmailPassword('a@example.com', 'pw')).rejects.toMatchObject({
      status,
      message: 'Refused',
    });
    expect(storedTokens(storage)).toEqual(['Zuser', 'Zuser']);
    expect(location.reloads).toBe(0);
    expect(changes).toEqual([]);
  });
});

describe('setToken', () => {
  it('uses and saves the token under both keys, and tells onTokenChange', async () => {
    const { auth, storage, changes } = setup(null);
    auth.setToken('Znew');
    expect(storedTokens(storage)).toEqual(['Znew', 'Znew']);
    expect(changes).toEqual(['Znew']);
    expect(auth.getToken()).toBe('Znew');
    await auth.me();
    expect(seen().authorization).toBe('Bearer Znew');
  });

  it('with save = false, uses the token and tells onTokenChange, but stores nothing', async () => {
    const { auth, storage, changes } = setup(null);
    auth.setToken('Zmemory', false);
    expect(storage.map.size).toBe(0);
    expect(changes).toEqual(['Zmemory']);
    await auth.me();
    expect(seen().authorization).toBe('Bearer Zmemory');
  });

  it('an empty token means none: nothing is sent or saved, and onTokenChange hears null', async () => {
    const { auth, storage, changes } = setup();
    auth.setToken('');
    expect(auth.getToken()).toBeNull();
    expect(changes).toEqual([null]);
    // Nothing was written: the stored token stays as it was.
    expect(storedTokens(storage)).toEqual(['Zuser', 'Zuser']);
    await auth.me();
    expect(seen().authorization).toBeUndefined();
  });
});

describe('logout and redirectToLogin', () => {
  it('logout() tells onTokenChange, clears both keys, and reloads', () => {
    const { auth, storage, location, changes } = setup();
    auth.logout();
    expect(changes).toEqual([null]);
    expect(storage.map.size).toBe(0);
    expect(auth.getToken()).toBeNull();
    expect(location.reloads).toBe(1);
  });

  it('logout(redirect) strips a launch token from the address it returns to', () => {
    const { auth, location } = setup();
    auth.logout('https://site.example/Pricing?access_token=Zleak&plan=gold');
    expect(location.href).toBe(
      `/api/apps/auth/logout?from_url=${encodeURIComponent('https://site.example/Pricing?plan=gold')}`,
    );
  });

  it('a location that cannot reload is left where it is', () => {
    const storage = createMemoryStorage({ base44_access_token: 'Zuser', token: 'Zuser' });
    const location = { href: HERE };
    const core = createHttpCore({
      appId: 'local-app',
      serverUrl: server.url,
      location: null,
      token: 'Zuser',
    });
    const auth = createAuthClient(core, { tokenStore: createTokenStore(storage), location });
    expect(() => auth.logout()).not.toThrow();
    expect(location.href).toBe(HERE);
    expect(storage.map.size).toBe(0);
  });

  it('without a location (outside a browser), logout only clears the token, with or without a redirect', () => {
    const { auth, storage, changes } = setup('Zuser', false);
    expect(() => auth.logout()).not.toThrow();
    expect(auth.getToken()).toBeNull();
    expect(storage.map.size).toBe(0);
    expect(changes).toEqual([null]);
    auth.setToken('Zagain');
    expect(() => auth.logout('https://site.example/')).not.toThrow();
    expect(auth.getToken()).toBeNull();
    expect(storage.map.size).toBe(0);
  });

  it('redirectToLogin without a location throws no_location and keeps the token', () => {
    const { auth, storage, changes } = setup('Zuser', false);
    expect(() => auth.redirectToLogin('/Pricing')).toThrow(
      expect.objectContaining({
        name: 'PlatformError',
        message: 'Login redirect needs a browser location',
        code: 'no_location',
      }),
    );
    expect(auth.getToken()).toBe('Zuser');
    expect(storedTokens(storage)).toEqual(['Zuser', 'Zuser']);
    expect(changes).toEqual([]);
  });

  it('with no options at all (Node: no storage, no location), the token lives in memory', async () => {
    const core = createHttpCore({ appId: 'local-app', serverUrl: server.url, location: null });
    const auth = createAuthClient(core);
    auth.setToken('Zmemory');
    await auth.me();
    expect(seen().authorization).toBe('Bearer Zmemory');
    expect(() => auth.logout('https://site.example/')).not.toThrow();
    expect(auth.getToken()).toBeNull();
    expect(() => auth.redirectToLogin()).toThrow('Login redirect needs a browser location');
  });
});
