/**
 * The auth routes' bodies are checked by Fastify route schemas, and refused in the platform's shape: 400
 * `{ message, code: 'invalid_body' }` naming the field, without coercing types. Who may call is still decided first
 * (an unknown app is a 404, a missing sign-in a 401, a non-admin a 403, whatever the body), and what a value means
 * keeps its own code (`invalid_email`, `weak_password`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP, type CallOptions, type Running, startEmulator } from './emulator-harness.ts';

let h: Running;
beforeAll(async () => {
  h = await startEmulator();
});
afterAll(() => h.close());

const auth = (path: string, app = APP) => `/api/apps/${app}/auth/${path}`;
const raw = (text: string): CallOptions => ({ raw: text, headers: { 'content-type': 'application/json' } });

describe('auth bodies: route schemas, the platform’s error shape', () => {
  it.each<[string, string, CallOptions, string]>([
    ['login without a password', 'login', { body: { email: 'user@example.com' } }, 'password is required'],
    [
      'login with a number for the e-mail (no coercion to "1")',
      'login',
      { body: { email: 1, password: 'user1234' } },
      'email must be an e-mail address of at most 254 characters',
    ],
    [
      'register with an empty password',
      'register',
      { body: { email: 'a@example.com', password: '' } },
      'password must be a string of 1 to 200 characters',
    ],
    [
      'verify-otp with a 13-character code',
      'verify-otp',
      { body: { email: 'a@example.com', otp_code: '1234567890123' } },
      'otp_code must be a string of 1 to 12 characters',
    ],
    [
      'resend-otp with an array body',
      'resend-otp',
      raw('["a@example.com"]'),
      'The request body must be a JSON object',
    ],
    ['reset-password with no body', 'reset-password', {}, 'The request body must be a JSON object'],
  ])('%s: 400 invalid_body, %s', async (_label, path, options, message) => {
    const answer = await h.call('POST', auth(path), options);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message, code: 'invalid_body' });
  });

  it('what a value means keeps its own code: invalid_email, weak_password', async () => {
    const address = await h.call('POST', auth('register'), {
      body: { email: 'no-at-sign', password: 'long enough' },
    });
    expect(address.body).toMatchObject({ code: 'invalid_email' });
    const weak = await h.call('POST', auth('register'), {
      body: { email: 'new@example.com', password: 'short' },
    });
    expect(weak.body).toMatchObject({ code: 'weak_password' });
  });

  it('who may call is decided before the body: 404 unknown app, 401 without sign-in, 403 for a non-admin', async () => {
    const unknown = await h.call('POST', auth('login', 'no-such-app'), { body: { email: 1 } });
    expect(unknown.status).toBe(404);
    const anonymous = await h.call('POST', auth('change-password'), { body: { user_id: 1 } });
    expect(anonymous.status).toBe(401);
    const user = await h.tokenOf('user');
    const invite = await h.call('POST', `/api/apps/${APP}/users/invite-user`, {
      token: user,
      body: { role: 'x' },
    });
    expect(invite.status).toBe(403);
    const admin = await h.tokenOf('admin');
    const badRole = await h.call('POST', `/api/apps/${APP}/users/invite-user`, {
      token: admin,
      body: { user_email: 'someone@example.com', role: 'owner' },
    });
    expect(badRole.body).toEqual({ message: 'role must be user or admin', code: 'invalid_body' });
  });

  it('a valid body still signs in', async () => {
    const answer = await h.call('POST', auth('login'), {
      body: { email: 'user@example.com', password: 'user1234' },
    });
    expect(answer.status).toBe(200);
    expect(typeof answer.body.access_token).toBe('string');
  });
});
