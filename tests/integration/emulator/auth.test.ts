import { describe, expect, it } from 'vitest';
import {
  APP,
  emulatorPerFile,
  entities,
  type Json,
  type Running,
  SERVICE_TOKEN,
} from './emulator-harness.ts';

let h: Running;
const settingsPath = `/api/apps/public/prod/public-settings/by-id/${APP}`;
const auth = (action: string) => `/api/apps/${APP}/auth/${action}`;
const outbox = async () => (await h.call('GET', '/__harness/outbox')).body as Json[];

emulatorPerFile((started) => {
  h = started;
});

describe('public settings', () => {
  it('answers {id, public_settings} to anonymous visitors and members', async () => {
    const anonymous = await h.call('GET', settingsPath);
    expect(anonymous.status).toBe(200);
    expect(anonymous.body).toEqual({ id: APP, public_settings: expect.any(Object) });
    expect((await h.call('GET', settingsPath, { token: await h.tokenOf('user') })).status).toBe(200);
  });

  it('403 user_not_registered for an account outside the app', async () => {
    const answer = await h.call('GET', settingsPath, { token: await h.tokenOf('outsider') });
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({
      message: 'User not registered for this app',
      extra_data: { reason: 'user_not_registered' },
    });
  });

  it('403 auth_required for anonymous visitors when login is required', async () => {
    await h.call('POST', '/__harness/settings', {
      body: { requireLogin: true, public_settings: { name: 'Locked' } },
    });
    const answer = await h.call('GET', settingsPath);
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({
      message: 'Authentication required',
      extra_data: { reason: 'auth_required' },
    });
    const member = await h.call('GET', settingsPath, { token: await h.tokenOf('user') });
    expect(member.body.public_settings).toEqual({ name: 'Locked' });
  });

  it('404 for an unknown app', async () => {
    expect((await h.call('GET', '/api/apps/public/prod/public-settings/by-id/other-app')).status).toBe(404);
  });
});

describe('login', () => {
  it.each(['admin', 'user', 'outsider'] as const)('signs in the seeded %s', async (who) => {
    const token = await h.tokenOf(who);
    expect(token.length).toBeGreaterThan(30);
  });

  it('answers {access_token, user} with the role', async () => {
    const answer = await h.call('POST', auth('login'), {
      body: { email: 'admin@example.com', password: 'admin1234' },
    });
    expect(answer.body).toMatchObject({
      access_token: expect.any(String),
      user: { email: 'admin@example.com', role: 'admin' },
    });
  });

  it('401 with a clear message on a wrong password', async () => {
    const answer = await h.call('POST', auth('login'), {
      body: { email: 'user@example.com', password: 'wrong-one' },
    });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ message: 'Invalid email or password', code: 'invalid_credentials' });
  });
});

describe('register, one-time codes and password reset', () => {
  it('registers, sends a code to the outbox, verifies it, and signs the new member in', async () => {
    const registered = await h.call('POST', auth('register'), {
      body: { email: 'New@Example.com', password: 'secret123', full_name: 'New One', company: 'Acme' },
    });
    expect(registered.status).toBe(200);
    expect(
      (await h.call('POST', auth('login'), { body: { email: 'new@example.com', password: 'secret123' } }))
        .status,
    ).toBe(403);
    const resent = await h.call('POST', auth('resend-otp'), { body: { email: 'new@example.com' } });
    expect(resent.status).toBe(200);
    const codes = (await outbox()).filter((m) => m.kind === 'otp' && m.to === 'new@example.com');
    expect(codes).toHaveLength(2);
    const wrong = await h.call('POST', auth('verify-otp'), {
      body: { email: 'new@example.com', otp_code: codes[0].code === '000000' ? '111111' : '000000' },
    });
    expect(wrong.status).toBe(400);
    const verified = await h.call('POST', auth('verify-otp'), {
      body: { email: 'new@example.com', otp_code: codes[1].code },
    });
    expect(verified.status).toBe(200);
    expect(verified.body.user).toMatchObject({
      email: 'new@example.com',
      role: 'user',
      full_name: 'New One',
      company: 'Acme',
    });
    const me = await h.call('GET', entities('User', '/me'), { token: verified.body.access_token });
    expect(me.body.email).toBe('new@example.com');
    expect(
      (await h.call('POST', auth('register'), { body: { email: 'new@example.com', password: 'secret123' } }))
        .status,
    ).toBe(409);
  });

  it('resets a password with the token from the outbox', async () => {
    expect(
      (await h.call('POST', auth('reset-password-request'), { body: { email: 'nobody@example.com' } }))
        .status,
    ).toBe(200);
    expect(
      (await h.call('POST', auth('reset-password-request'), { body: { email: 'user@example.com' } })).status,
    ).toBe(200);
    const message = (await outbox()).find((m) => m.kind === 'password_reset');
    expect(message.to).toBe('user@example.com');
    expect(
      (
        await h.call('POST', auth('reset-password'), {
          body: { reset_token: 'bogus', new_password: 'another123' },
        })
      ).status,
    ).toBe(400);
    const reset = await h.call('POST', auth('reset-password'), {
      body: { reset_token: message.reset_token, new_password: 'another123' },
    });
    expect(reset.status).toBe(200);
    expect(
      (await h.call('POST', auth('login'), { body: { email: 'user@example.com', password: 'another123' } }))
        .status,
    ).toBe(200);
    expect(
      (
        await h.call('POST', auth('reset-password'), {
          body: { reset_token: message.reset_token, new_password: 'again1234' },
        })
      ).status,
    ).toBe(400);
  });

  it('changes the password of the signed-in user only', async () => {
    const token = await h.tokenOf('user');
    const me = (await h.call('GET', entities('User', '/me'), { token })).body;
    const body = { user_id: me.id, current_password: 'user1234', new_password: 'changed123' };
    expect((await h.call('POST', auth('change-password'), { body })).status).toBe(401);
    expect(
      (
        await h.call('POST', auth('change-password'), {
          token,
          body: { ...body, current_password: 'nope-nope' },
        })
      ).status,
    ).toBe(400);
    expect(
      (await h.call('POST', auth('change-password'), { token, body: { ...body, user_id: 'someone-else' } }))
        .status,
    ).toBe(403);
    expect((await h.call('POST', auth('change-password'), { token, body })).status).toBe(200);
    expect(
      (await h.call('POST', auth('login'), { body: { email: 'user@example.com', password: 'changed123' } }))
        .status,
    ).toBe(200);
  });
});

describe('invitations and SSO', () => {
  it('lets an admin invite a user (both paths) and sends an invitation', async () => {
    const admin = await h.tokenOf('admin');
    const invited = await h.call('POST', `/api/apps/${APP}/users/invite-user`, {
      token: admin,
      body: { user_email: 'guest@example.com', role: 'user' },
    });
    expect(invited.status).toBe(200);
    expect(invited.body).toMatchObject({ email: 'guest@example.com', role: 'user' });
    const runtime = await h.call('POST', `/api/apps/${APP}/runtime/users/invite-user`, {
      token: admin,
      body: { user_email: 'outsider@example.com', role: 'admin' },
    });
    expect(runtime.status).toBe(200);
    expect((await h.call('GET', settingsPath, { token: await h.tokenOf('outsider') })).status).toBe(200);
    expect((await outbox()).filter((m) => m.kind === 'invitation').map((m) => m.to)).toEqual([
      'guest@example.com',
      'outsider@example.com',
    ]);
  });

  it('refuses invitations from a plain user', async () => {
    const answer = await h.call('POST', `/api/apps/${APP}/users/invite-user`, {
      token: await h.tokenOf('user'),
      body: { user_email: 'x@example.com', role: 'user' },
    });
    expect(answer.status).toBe(403);
  });

  it('issues an SSO access token to the service role only', async () => {
    const userId = '65f0a0000000000000000002';
    const path = `/api/apps/${APP}/auth/sso/accesstoken/${userId}`;
    expect((await h.call('GET', path, { token: await h.tokenOf('admin') })).status).toBe(403);
    const answer = await h.call('GET', path, { token: SERVICE_TOKEN });
    expect(answer.status).toBe(200);
    const me = await h.call('GET', entities('User', '/me'), { token: answer.body.access_token });
    expect(me.body.id).toBe(userId);
  });

  it('honours on-behalf-of for the service role', async () => {
    const user = await h.tokenOf('user');
    const me = await h.call('GET', entities('User', '/me'), {
      token: SERVICE_TOKEN,
      headers: { 'on-behalf-of': `Bearer ${user}` },
    });
    expect(me.body.email).toBe('user@example.com');
    const created = await h.call('POST', entities('Note'), {
      token: SERVICE_TOKEN,
      headers: { 'on-behalf-of': `Bearer ${user}` },
      body: { t: 1 },
    });
    expect(created.body.created_by).toBe('user@example.com');
  });
});

describe('logout redirect', () => {
  it('redirects to a local from_url', async () => {
    const answer = await h.call(
      'GET',
      `/api/apps/auth/logout?from_url=${encodeURIComponent('http://localhost:4401/Pricing?x=1')}`,
    );
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('http://localhost:4401/Pricing?x=1');
  });

  it.each(['https://evil.com/', '//evil.com', 'javascript:alert(1)', 'http://localhost@evil.com/'])(
    'refuses %s',
    async (target) => {
      const answer = await h.call('GET', `/api/apps/auth/logout?from_url=${encodeURIComponent(target)}`);
      expect(answer.status).toBe(400);
      expect(answer.headers.get('location')).toBeNull();
    },
  );
});
