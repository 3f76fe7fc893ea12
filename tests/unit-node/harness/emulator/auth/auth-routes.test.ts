/**
 * The auth routes of the contract, called in process: who may call each (an unknown app, a missing sign-in, a
 * non-admin), sign-in, registration and its one-time codes (expiry and lockout), password reset and change,
 * invitations and SSO tokens; the status, code and message of every refusal, and what a later call sees.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_APP_SETTINGS } from '../../../../../host-harness/src/emulator/apps/app-store.ts';
import { registerAuthRoutes } from '../../../../../host-harness/src/emulator/auth/auth-routes.ts';
import { hashPasswordSync, verifyPassword } from '../../../../../host-harness/src/emulator/auth/passwords.ts';
import { ACCOUNT_IDS, APP, accessApp, answered, EMAILS, entities } from '../access-app.ts';
import { type CallOptions, type FeatureApp, featureApp } from '../feature-app.ts';

const OTHER_APP = 'other-app';
const auth = (action: string, appId = APP) => `/api/apps/${appId}/auth/${action}`;
const DATE = expect.stringMatching(/^\d{4}-\d\d-\d\dT/);
const ID = expect.stringMatching(/^[0-9a-f]{24}$/);

let running: FeatureApp;

beforeEach(async () => {
  running = await accessApp({ auth: true });
});
afterEach(async () => {
  await running.close();
});

const post = (url: string, body: unknown, opts: CallOptions = {}) =>
  running.call('POST', url, { ...opts, body });
const outbox = () => running.state.outbox.list();
const login = (email: string, password: string) => post(auth('login'), { email, password });
/** The signed-in user's record as `User/me` answers it (status and body). */
const me = async (token: string, appId = APP) =>
  answered(await running.call('GET', entities('User', '/me', appId), { token }));

/** Registers an address and answers the one-time code sent to it. */
async function register(email: string, body: Record<string, unknown> = {}): Promise<string> {
  const answer = await post(auth('register'), { email, password: 'secret123', ...body });
  expect(answer.status).toBe(200);
  const sent = outbox().filter((m) => m.kind === 'otp');
  return sent[sent.length - 1]!.code!;
}

describe('who may call, decided before the body', () => {
  it('answers 404 app_not_found for an unknown app on every route, whatever the body or the caller', async () => {
    const unknown = { message: 'App no-such-app not found', code: 'app_not_found' };
    for (const action of [
      'login',
      'register',
      'verify-otp',
      'resend-otp',
      'reset-password-request',
      'reset-password',
      'change-password',
    ]) {
      const answer = await post(auth(action, 'no-such-app'), { email: 1 }, { as: 'admin' });
      expect(answered(answer), action).toStrictEqual({ status: 404, body: unknown });
    }
    for (const url of [
      '/api/apps/no-such-app/users/invite-user',
      '/api/apps/no-such-app/runtime/users/invite-user',
    ])
      expect(answered(await post(url, {}, { as: 'service' })), url).toStrictEqual({
        status: 404,
        body: unknown,
      });
    const sso = await running.call('GET', auth(`sso/accesstoken/${ACCOUNT_IDS.user}`, 'no-such-app'), {
      as: 'service',
    });
    expect(answered(sso)).toStrictEqual({ status: 404, body: unknown });
  });

  it('answers 401 to change-password without a known sign-in', async () => {
    const required = { status: 401, body: { message: 'Authentication required', code: 'auth_required' } };
    expect(answered(await post(auth('change-password'), { user_id: 1 }))).toStrictEqual(required);
    expect(
      answered(await post(auth('change-password'), { user_id: 1 }, { token: 'not-a-token' })),
    ).toStrictEqual(required);
    // The service role without an account to act for is no one whose password could change.
    expect(answered(await post(auth('change-password'), { user_id: 1 }, { as: 'service' }))).toStrictEqual(
      required,
    );
  });

  it('lets only admins and the service role invite: 401 anonymous, 403 outsider and plain user', async () => {
    const url = `/api/apps/${APP}/users/invite-user`;
    expect(answered(await post(url, { role: 'x' }))).toStrictEqual({
      status: 401,
      body: { message: 'Authentication required', code: 'auth_required' },
    });
    expect(answered(await post(url, { role: 'x' }, { as: 'outsider' }))).toStrictEqual({
      status: 403,
      body: {
        message: 'User not registered for this app',
        code: 'user_not_registered',
        extra_data: { reason: 'user_not_registered' },
      },
    });
    expect(answered(await post(url, { role: 'x' }, { as: 'user' }))).toStrictEqual({
      status: 403,
      body: { message: 'Only an admin of this app can do this', code: 'forbidden' },
    });
    // Past the guard, the body's shape is checked.
    expect(answered(await post(url, { role: 'x' }, { as: 'admin' }))).toStrictEqual({
      status: 400,
      body: { message: 'user_email is required', code: 'invalid_body' },
    });
  });

  it('checks the body of a known app against the route’s shape: 400 invalid_body naming the field', async () => {
    const email254 = `${'x'.repeat(64)}@${'d'.repeat(185)}.com`;
    expect(email254).toHaveLength(254);
    const cases: [string, Record<string, unknown>, string][] = [
      ['login', { password: 'user1234' }, 'email is required'],
      ['login', { email: EMAILS.user }, 'password is required'],
      [
        'login',
        { email: 1, password: 'user1234' },
        'email must be an e-mail address of at most 254 characters',
      ],
      [
        'login',
        { email: `x${email254}`, password: 'p' },
        'email must be an e-mail address of at most 254 characters',
      ],
      ['register', { password: 'secret123' }, 'email is required'],
      ['register', { email: 'a@example.com' }, 'password is required'],
      [
        'register',
        { email: 'a@example.com', password: 'p'.repeat(201) },
        'password must be a string of 1 to 200 characters',
      ],
      ['verify-otp', { otp_code: '123456' }, 'email is required'],
      ['verify-otp', { email: 'a@example.com' }, 'otp_code is required'],
      [
        'verify-otp',
        { email: 'a@example.com', otp_code: '1'.repeat(13) },
        'otp_code must be a string of 1 to 12 characters',
      ],
      ['resend-otp', {}, 'email is required'],
      ['reset-password-request', {}, 'email is required'],
      ['reset-password', { new_password: 'secret123' }, 'reset_token is required'],
      ['reset-password', { reset_token: 't' }, 'new_password is required'],
      [
        'reset-password',
        { reset_token: 't'.repeat(201), new_password: 'secret123' },
        'reset_token must be a string of 1 to 200 characters',
      ],
    ];
    for (const [action, body, message] of cases)
      expect(answered(await post(auth(action), body)), `${action} ${message}`).toStrictEqual({
        status: 400,
        body: { message, code: 'invalid_body' },
      });
    // At the limits, the shape passes (and the route's own checks answer).
    expect((await post(auth('login'), { email: email254, password: 'p'.repeat(200) })).status).toBe(401);
    expect(
      (await post(auth('verify-otp'), { email: 'a@example.com', otp_code: '1'.repeat(12) })).body.code,
    ).toBe('otp_invalid');
    expect(
      (await post(auth('reset-password'), { reset_token: 't'.repeat(200), new_password: 'secret123' })).body
        .code,
    ).toBe('invalid_reset_token');
    const change: [Record<string, unknown>, string][] = [
      [{ current_password: 'user1234', new_password: 'secret123' }, 'user_id is required'],
      [{ user_id: ACCOUNT_IDS.user, new_password: 'secret123' }, 'current_password is required'],
      [{ user_id: ACCOUNT_IDS.user, current_password: 'user1234' }, 'new_password is required'],
      [
        { user_id: 'u'.repeat(101), current_password: 'user1234', new_password: 'secret123' },
        'user_id must be a string of 1 to 100 characters',
      ],
    ];
    for (const [body, message] of change)
      expect(answered(await post(auth('change-password'), body, { as: 'user' })), message).toStrictEqual({
        status: 400,
        body: { message, code: 'invalid_body' },
      });
    const invite = await post(`/api/apps/${APP}/users/invite-user`, { user_email: 5 }, { as: 'admin' });
    expect(answered(invite)).toStrictEqual({
      status: 400,
      body: {
        message: 'user_email must be an e-mail address of at most 254 characters',
        code: 'invalid_body',
      },
    });
  });

  it('refuses an e-mail that is not text, or longer than 254 characters, where it is the whole body (resend-otp, reset-password-request), sending nothing', async () => {
    const refused = {
      status: 400,
      body: { message: 'email must be an e-mail address of at most 254 characters', code: 'invalid_body' },
    };
    for (const action of ['resend-otp', 'reset-password-request']) {
      for (const email of [42, ['user@example.com'], `${'a'.repeat(250)}@example.com`]) {
        const answer = await running.call('POST', auth(action), { body: { email } });
        expect(answered(answer), `${action} ${JSON.stringify(email)}`).toStrictEqual(refused);
      }
    }
    expect(running.state.outbox.list()).toStrictEqual([]);
  });
});

describe('login', () => {
  it('signs a member in with the e-mail trimmed: a working token and the app’s user record', async () => {
    const answer = await login(`  ${EMAILS.user} `, 'user1234');
    expect(answer.status).toBe(200);
    expect(answer.body.user).toStrictEqual(running.state.member(APP, ACCOUNT_IDS.user));
    expect(answer.body.user).toMatchObject({ email: EMAILS.user, role: 'user' });
    expect(await me(answer.body.access_token)).toStrictEqual({ status: 200, body: answer.body.user });
  });

  it('answers 401 invalid_credentials for a wrong password or an unknown address', async () => {
    const invalid = {
      status: 401,
      body: { message: 'Invalid email or password', code: 'invalid_credentials' },
    };
    expect(answered(await login(EMAILS.user, 'wrong-one'))).toStrictEqual(invalid);
    expect(answered(await login('nobody@example.com', 'user1234'))).toStrictEqual(invalid);
  });

  it('answers 403 email_not_verified for a registered account whose code was not used', async () => {
    await register('new@example.com');
    expect(answered(await login('new@example.com', 'secret123'))).toStrictEqual({
      status: 403,
      body: { message: 'Verify your e-mail address before signing in', code: 'email_not_verified' },
    });
  });
});

describe('e-mail addresses (every route that writes to one)', () => {
  // resend-otp checks the address like register does, and answers the same whether or not an account exists.
  const resend = (email: string) => post(auth('resend-otp'), { email });

  it('accepts one address: 64 characters before the @, 190 in the domain, 63 after its last dot, spaces around', async () => {
    for (const email of [
      `${'x'.repeat(64)}@b.c`,
      `a@${'d'.repeat(190)}.c`,
      `a@b.${'t'.repeat(63)}`,
      '  a.b@c.d.e  ',
      'A@B.C',
    ])
      expect(answered(await resend(email)), email).toStrictEqual({ status: 200, body: { success: true } });
  });

  it('refuses anything else with 400 invalid_email', async () => {
    for (const email of [
      'no-at-sign',
      'a@b',
      '@b.c',
      'a@.c',
      'a@b.',
      'a b@c.d',
      'x y@b.c',
      'a@b.c d',
      'a@b@c.d',
      `${'x'.repeat(65)}@b.c`,
      `a@${'d'.repeat(191)}.c`,
      `a@b.${'t'.repeat(64)}`,
    ])
      expect(answered(await resend(email)), email).toStrictEqual({
        status: 400,
        body: { message: 'email is not a valid e-mail address', code: 'invalid_email' },
      });
  });

  it('refuses a line break anywhere, even where trimming would remove it', async () => {
    for (const email of ['a@b.c\n', '\ra@b.c', 'a@b\n.c', 'a@b.c\u2028', 'a@b.c\u0085'])
      expect(answered(await resend(email)), JSON.stringify(email)).toStrictEqual({
        status: 400,
        body: {
          message: 'email must not contain a line break (CR, LF, U+0085, U+2028 or U+2029)',
          code: 'invalid_email',
        },
      });
  });
});

describe('register', () => {
  it('creates an unverified account for the address trimmed and in lower case, and sends it a code', async () => {
    const answer = await post(auth('register'), { email: '  New@Example.COM ', password: 'secret123' });
    expect(answered(answer)).toStrictEqual({
      status: 200,
      body: { success: true, message: 'A verification code was sent to your e-mail address' },
    });
    const [sent, ...more] = outbox();
    expect(more).toStrictEqual([]);
    expect(sent).toStrictEqual({
      id: ID,
      kind: 'otp',
      to: 'new@example.com',
      subject: `Your ${APP} verification code`,
      body: `Your code is ${sent!.code}`,
      code: expect.stringMatching(/^\d{6}$/),
      created_date: DATE,
    });
    expect(running.state.accounts.byEmail('new@example.com')).toMatchObject({
      email: 'new@example.com',
      verified: false,
      full_name: '',
    });
  });

  it('names the app of the address in the code’s subject', async () => {
    running.state.apps.put(OTHER_APP, structuredClone(DEFAULT_APP_SETTINGS));
    expect(
      (await post(auth('register', OTHER_APP), { email: 'n@example.com', password: 'secret123' })).status,
    ).toBe(200);
    expect(outbox().map((m) => m.subject)).toStrictEqual([`Your ${OTHER_APP} verification code`]);
  });

  it('needs a password of at least 8 characters (400 weak_password), after a valid address', async () => {
    expect(
      answered(await post(auth('register'), { email: 'a@example.com', password: 'seven77' })),
    ).toStrictEqual({
      status: 400,
      body: { message: 'password must have at least 8 characters', code: 'weak_password' },
    });
    expect(
      answered(await post(auth('register'), { email: 'not-an-address', password: 'seven77' })),
    ).toStrictEqual({
      status: 400,
      body: { message: 'email is not a valid e-mail address', code: 'invalid_email' },
    });
    expect(outbox()).toStrictEqual([]);
    expect((await post(auth('register'), { email: 'a@example.com', password: 'eight888' })).status).toBe(200);
  });

  it('answers 409 email_taken for an address with an account, in any case', async () => {
    for (const email of [EMAILS.user, 'USER@Example.com', EMAILS.outsider])
      expect(answered(await post(auth('register'), { email, password: 'secret123' })), email).toStrictEqual({
        status: 409,
        body: { message: 'An account with this e-mail already exists', code: 'email_taken' },
      });
    expect(outbox()).toStrictEqual([]);
  });

  it('lets one of two registrations of one address that race win; the other is a 409, not a failure', async () => {
    const body = { email: 'race@example.com', password: 'secret123' };
    const answers = await Promise.all([post(auth('register'), body), post(auth('register'), body)]);
    expect(answers.map((a) => a.status).sort()).toStrictEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body).toStrictEqual({
      message: 'An account with this e-mail already exists',
      code: 'email_taken',
    });
    expect(outbox().map((m) => m.to)).toStrictEqual(['race@example.com']);
  });

  it('refuses more than 50 extra fields before writing anything', async () => {
    const extra = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`f${i}`, i]));
    expect(
      answered(await post(auth('register'), { email: 'many@example.com', password: 'secret123', ...extra })),
    ).toStrictEqual({
      status: 400,
      body: { message: 'A registration carries at most 50 extra fields', code: 'invalid_body' },
    });
    expect(running.state.accounts.byEmail('many@example.com')).toBeUndefined();
    expect(outbox()).toStrictEqual([]);
  });
});

describe('verify-otp', () => {
  const verify = (email: string, otp_code: string, appId = APP) =>
    post(auth('verify-otp', appId), { email, otp_code });
  const notValid = { status: 400, body: { message: 'The code is not valid', code: 'otp_invalid' } };
  const wrong = (code: string) => (code === '000000' ? '111111' : '000000');

  it('verifies the account, signs it in and makes it a member with its profile (platform fields dropped)', async () => {
    const code = await register('New@Example.com', {
      full_name: 'New One',
      company: 'Acme',
      role: 'admin',
      created_by: 'someone',
      id: 'chosen-id',
    });
    const answer = await verify('NEW@example.com', code);
    expect(answer.status).toBe(200);
    const accountId = running.state.accounts.byEmail('new@example.com')!.id;
    expect(answer.body.user).toStrictEqual({
      id: accountId,
      company: 'Acme',
      email: 'new@example.com',
      full_name: 'New One',
      role: 'user',
      created_date: DATE,
      updated_date: DATE,
      created_by: 'new@example.com',
      created_by_id: accountId,
    });
    expect(await me(answer.body.access_token)).toStrictEqual({ status: 200, body: answer.body.user });
    expect((await login('new@example.com', 'secret123')).status).toBe(200);
    // The code is used up.
    expect(answered(await verify('new@example.com', code))).toStrictEqual(notValid);
  });

  it('keeps a full name of 200 characters at most, and none that is not text', async () => {
    const long = await register('long@example.com', { full_name: 'n'.repeat(250) });
    expect((await verify('long@example.com', long)).body.user.full_name).toBe('n'.repeat(200));
    const numeric = await register('numeric@example.com', { full_name: 7 });
    expect((await verify('numeric@example.com', numeric)).body.user.full_name).toBe('');
  });

  it('drops platform fields from a profile stored before they were refused', async () => {
    const account = running.state.accounts.create({
      email: 'old@example.com',
      passwordHash: null,
      fullName: 'Account Name',
      verified: false,
      profile: { full_name: 'Profile Name', role: 'admin', updated_by: 'x', team: 'red', is_verified: true },
    });
    const code = running.state.accounts.issueOtp('old@example.com');
    const answer = await verify('old@example.com', code);
    expect(answer.body.user).toStrictEqual({
      id: account.id,
      team: 'red',
      email: 'old@example.com',
      full_name: 'Account Name',
      role: 'user',
      created_date: DATE,
      updated_date: DATE,
      created_by: 'old@example.com',
      created_by_id: account.id,
    });
  });

  it('makes the account a member of the app named in the address only', async () => {
    running.state.apps.put(OTHER_APP, structuredClone(DEFAULT_APP_SETTINGS));
    const registered = await post(auth('register', OTHER_APP), {
      email: 'n@example.com',
      password: 'secret123',
    });
    expect(registered.status).toBe(200);
    const answer = await verify('n@example.com', outbox()[0]!.code!, OTHER_APP);
    expect(answer.status).toBe(200);
    expect((await me(answer.body.access_token, OTHER_APP)).body).toStrictEqual(answer.body.user);
    expect((await me(answer.body.access_token)).status).toBe(403);
  });

  it('keeps the record of an account already a member (invited while unverified)', async () => {
    const code = await register('both@example.com');
    const invited = await post(
      `/api/apps/${APP}/users/invite-user`,
      { user_email: 'both@example.com', role: 'admin' },
      { as: 'admin' },
    );
    expect(invited.status).toBe(200);
    const answer = await verify('both@example.com', code);
    expect(answer.status).toBe(200);
    expect(answer.body.user).toStrictEqual(invited.body);
    expect(answer.body.user.role).toBe('admin');
  });

  it('answers 400 otp_invalid for an address without an account or a wrong code, which counts an attempt', async () => {
    expect(answered(await verify('nobody@example.com', '123456'))).toStrictEqual(notValid);
    const code = await register('new@example.com');
    expect(answered(await verify('new@example.com', wrong(code)))).toStrictEqual(notValid);
    expect(answered(await login('new@example.com', 'secret123')).status).toBe(403);
    expect((await verify('new@example.com', code)).status).toBe(200);
  });

  it('answers 400 otp_expired for a code past its time, and leaves the account unverified', async () => {
    const code = await register('new@example.com');
    running.state.db.prepare('UPDATE one_time_codes SET expires_ms = ?').run(Date.now() - 1);
    expect(answered(await verify('new@example.com', code))).toStrictEqual({
      status: 400,
      body: { message: 'The code has expired', code: 'otp_expired' },
    });
    expect((await login('new@example.com', 'secret123')).status).toBe(403);
  });

  it('locks the code after 5 wrong attempts (400 otp_locked, even for the right code) until a new one is sent', async () => {
    const code = await register('new@example.com');
    for (let i = 0; i < 5; i++)
      expect(answered(await verify('new@example.com', wrong(code))), `attempt ${i}`).toStrictEqual(notValid);
    const locked = {
      status: 400,
      body: { message: 'Too many attempts; request a new code', code: 'otp_locked' },
    };
    expect(answered(await verify('new@example.com', code))).toStrictEqual(locked);
    expect((await post(auth('resend-otp'), { email: 'new@example.com' })).status).toBe(200);
    expect((await verify('new@example.com', outbox()[1]!.code!)).status).toBe(200);
  });

  it('checks the address first', async () => {
    expect(answered(await verify('no-at-sign', '123456'))).toStrictEqual({
      status: 400,
      body: { message: 'email is not a valid e-mail address', code: 'invalid_email' },
    });
  });
});

describe('resend-otp', () => {
  it('sends a new code to an unverified account only, replacing the previous one; the same answer otherwise', async () => {
    for (const email of ['nobody@example.com', EMAILS.user])
      expect(answered(await post(auth('resend-otp'), { email })), email).toStrictEqual({
        status: 200,
        body: { success: true },
      });
    expect(outbox()).toStrictEqual([]);
    const first = await register('new@example.com');
    expect(answered(await post(auth('resend-otp'), { email: ' NEW@example.com ' }))).toStrictEqual({
      status: 200,
      body: { success: true },
    });
    const sent = outbox()[1]!;
    expect(sent).toStrictEqual({
      id: ID,
      kind: 'otp',
      to: 'new@example.com',
      subject: 'Your new verification code',
      body: `Your code is ${sent.code}`,
      code: expect.stringMatching(/^\d{6}$/),
      created_date: DATE,
    });
    if (first !== sent.code)
      expect((await post(auth('verify-otp'), { email: 'new@example.com', otp_code: first })).status).toBe(
        400,
      );
    expect((await post(auth('verify-otp'), { email: 'new@example.com', otp_code: sent.code })).status).toBe(
      200,
    );
  });
});

describe('password reset', () => {
  const reset = (reset_token: string, new_password: string) =>
    post(auth('reset-password'), { reset_token, new_password });

  it('sends a reset token to a known address only, with the same answer either way', async () => {
    expect(
      answered(await post(auth('reset-password-request'), { email: 'nobody@example.com' })),
    ).toStrictEqual({
      status: 200,
      body: { success: true },
    });
    expect(outbox()).toStrictEqual([]);
    expect(
      answered(await post(auth('reset-password-request'), { email: ' User@Example.com ' })),
    ).toStrictEqual({
      status: 200,
      body: { success: true },
    });
    const [sent] = outbox();
    expect(sent).toStrictEqual({
      id: ID,
      kind: 'password_reset',
      to: EMAILS.user,
      subject: 'Reset your password',
      body: `Your reset token is ${sent!.reset_token}`,
      reset_token: expect.stringMatching(/^[\w-]{43}$/),
      created_date: DATE,
    });
  });

  it('refuses a reset request to a malformed address', async () => {
    expect(answered(await post(auth('reset-password-request'), { email: 'user@example' }))).toStrictEqual({
      status: 400,
      body: { message: 'email is not a valid e-mail address', code: 'invalid_email' },
    });
  });

  it('sets the new password with the token once, and signs the account out everywhere', async () => {
    const session = (await login(EMAILS.user, 'user1234')).body.access_token;
    await post(auth('reset-password-request'), { email: EMAILS.user });
    const token = outbox()[0]!.reset_token!;
    expect(answered(await reset(token, 'another123'))).toStrictEqual({
      status: 200,
      body: { success: true },
    });
    expect((await me(session)).status).toBe(401);
    expect((await login(EMAILS.user, 'user1234')).status).toBe(401);
    expect((await login(EMAILS.user, 'another123')).status).toBe(200);
    expect(answered(await reset(token, 'again1234'))).toStrictEqual({
      status: 400,
      body: { message: 'The reset token is not valid or has expired', code: 'invalid_reset_token' },
    });
    expect((await login(EMAILS.user, 'another123')).status).toBe(200);
  });

  it('refuses an unknown token, and a weak password before looking at the token', async () => {
    expect(answered(await reset('bogus', 'another123'))).toStrictEqual({
      status: 400,
      body: { message: 'The reset token is not valid or has expired', code: 'invalid_reset_token' },
    });
    expect(answered(await reset('bogus', 'seven77'))).toStrictEqual({
      status: 400,
      body: { message: 'new_password must have at least 8 characters', code: 'weak_password' },
    });
    await post(auth('reset-password-request'), { email: EMAILS.user });
    const token = outbox()[0]!.reset_token!;
    expect((await reset(token, 'seven77')).status).toBe(400);
    // The refused attempt left the token usable.
    expect((await reset(token, 'eight888')).status).toBe(200);
    expect((await login(EMAILS.user, 'eight888')).status).toBe(200);
  });
});

describe('change-password', () => {
  const change = (body: Record<string, unknown>, opts: CallOptions = { as: 'user' }) =>
    post(auth('change-password'), { user_id: ACCOUNT_IDS.user, current_password: 'user1234', ...body }, opts);

  it('changes the signed-in account’s own password', async () => {
    expect(answered(await change({ new_password: 'changed123' }))).toStrictEqual({
      status: 200,
      body: { success: true },
    });
    expect((await login(EMAILS.user, 'user1234')).status).toBe(401);
    expect((await login(EMAILS.user, 'changed123')).status).toBe(200);
  });

  it('checks the new password’s length first, then whose password it is, then the current one', async () => {
    expect(answered(await change({ user_id: ACCOUNT_IDS.admin, new_password: 'seven77' }))).toStrictEqual({
      status: 400,
      body: { message: 'new_password must have at least 8 characters', code: 'weak_password' },
    });
    expect(
      answered(
        await change({
          user_id: ACCOUNT_IDS.admin,
          current_password: 'wrong-one',
          new_password: 'changed123',
        }),
      ),
    ).toStrictEqual({
      status: 403,
      body: { message: 'You can only change your own password', code: 'forbidden' },
    });
    expect(
      answered(await change({ current_password: 'wrong-one', new_password: 'changed123' })),
    ).toStrictEqual({
      status: 400,
      body: { message: 'The current password is incorrect', code: 'invalid_credentials' },
    });
    expect((await login(EMAILS.user, 'user1234')).status).toBe(200);
    expect((await login(EMAILS.admin, 'admin1234')).status).toBe(200);
    expect((await change({ new_password: 'eight888' })).status).toBe(200);
  });

  it('answers 401 when the sign-in is revoked between the guard and the change (a reset in between)', async () => {
    const revoking = await featureApp((app, state) => {
      registerAuthRoutes(app, state);
      app.addHook('preHandler', async () => state.accounts.revokeTokens(ACCOUNT_IDS.user));
    });
    try {
      const answer = await revoking.call('POST', auth('change-password'), {
        as: 'user',
        body: { user_id: ACCOUNT_IDS.user, current_password: 'user1234', new_password: 'changed123' },
      });
      expect(answered(answer)).toStrictEqual({
        status: 401,
        body: { message: 'Authentication required', code: 'auth_required' },
      });
      expect(
        await verifyPassword('user1234', revoking.state.accounts.byId(ACCOUNT_IDS.user)!.password_hash),
      ).toBe(true);
    } finally {
      await revoking.close();
    }
  });

  it('lets the service role change the password of the account it acts for', async () => {
    const user = (await login(EMAILS.user, 'user1234')).body.access_token;
    const answer = await change(
      { new_password: 'changed123' },
      { as: 'service', headers: { 'on-behalf-of': `Bearer ${user}` } },
    );
    expect(answered(answer)).toStrictEqual({ status: 200, body: { success: true } });
    expect((await login(EMAILS.user, 'changed123')).status).toBe(200);
  });
});

describe('invite-user', () => {
  const invite = (body: Record<string, unknown>, opts: CallOptions = { as: 'admin' }, runtime = false) =>
    post(`/api/apps/${APP}/${runtime ? 'runtime/' : ''}users/invite-user`, body, opts);

  it('creates a verified account without a password, a member (role user by default) and an invitation', async () => {
    const answer = await invite({ user_email: ' Guest@Example.com ' });
    const account = running.state.accounts.byEmail('guest@example.com')!;
    expect(account).toMatchObject({ verified: true, password_hash: null, full_name: '' });
    expect(answered(answer)).toStrictEqual({
      status: 200,
      body: {
        id: account.id,
        email: 'guest@example.com',
        full_name: '',
        role: 'user',
        created_date: DATE,
        updated_date: DATE,
        created_by: null,
        created_by_id: null,
      },
    });
    const [sent, ...more] = outbox();
    expect(more).toStrictEqual([]);
    expect(sent).toStrictEqual({
      id: ID,
      kind: 'invitation',
      to: 'guest@example.com',
      subject: `You are invited to ${APP}`,
      body: `Set your password with token ${sent!.reset_token}`,
      reset_token: expect.stringMatching(/^[\w-]{43}$/),
      created_date: DATE,
    });
    expect((await login('guest@example.com', 'whatever1')).status).toBe(401);
    expect(
      (await post(auth('reset-password'), { reset_token: sent!.reset_token, new_password: 'welcome123' }))
        .status,
    ).toBe(200);
    const signedIn = await login('guest@example.com', 'welcome123');
    expect(signedIn.body.user).toStrictEqual(answer.body);
  });

  it('gives the role asked, user or admin', async () => {
    for (const role of ['user', 'admin'])
      expect((await invite({ user_email: `${role}-guest@example.com`, role })).body.role, role).toBe(role);
  });

  it('invites an existing account (runtime path, service role) with its name and the role asked', async () => {
    const answer = await invite({ user_email: EMAILS.outsider, role: 'admin' }, { as: 'service' }, true);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      id: ACCOUNT_IDS.outsider,
      email: EMAILS.outsider,
      full_name: 'Outside User',
      role: 'admin',
    });
    expect(running.state.member(APP, ACCOUNT_IDS.outsider)).toStrictEqual(answer.body);
  });

  it('answers 409 already_member for a member, and sends nothing', async () => {
    for (const runtime of [false, true])
      expect(answered(await invite({ user_email: EMAILS.user }, { as: 'admin' }, runtime))).toStrictEqual({
        status: 409,
        body: { message: 'This user is already registered for the app', code: 'already_member' },
      });
    expect(outbox()).toStrictEqual([]);
  });

  it('refuses a malformed address or one with a line break, naming user_email; and a role other than user or admin', async () => {
    expect(answered(await invite({ user_email: 'guest@example' }))).toStrictEqual({
      status: 400,
      body: { message: 'user_email is not a valid e-mail address', code: 'invalid_email' },
    });
    expect(answered(await invite({ user_email: 'guest@example.com\n' }))).toStrictEqual({
      status: 400,
      body: {
        message: 'user_email must not contain a line break (CR, LF, U+0085, U+2028 or U+2029)',
        code: 'invalid_email',
      },
    });
    expect(answered(await invite({ user_email: 'guest@example.com', role: 'owner' }))).toStrictEqual({
      status: 400,
      body: { message: 'role must be user or admin', code: 'invalid_body' },
    });
    expect(running.state.accounts.byEmail('guest@example.com')).toBeUndefined();
  });
});

describe('SSO access tokens', () => {
  const sso = (userId: string, opts: CallOptions) =>
    running.call('GET', auth(`sso/accesstoken/${userId}`), opts);

  it('issues a member’s token to the service role only', async () => {
    const refused = {
      status: 403,
      body: { message: 'SSO access tokens need the service role', code: 'service_role_required' },
    };
    expect(answered(await sso(ACCOUNT_IDS.user, { as: 'admin' }))).toStrictEqual(refused);
    expect(answered(await sso(ACCOUNT_IDS.user, {}))).toStrictEqual(refused);
    const answer = await sso(ACCOUNT_IDS.user, { as: 'service' });
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body)).toStrictEqual(['access_token']);
    expect((await me(answer.body.access_token)).body).toMatchObject({ id: ACCOUNT_IDS.user });
  });

  it('answers 404 user_not_found for an account outside the app, naming 64 characters of the id', async () => {
    expect(answered(await sso(ACCOUNT_IDS.outsider, { as: 'service' }))).toStrictEqual({
      status: 404,
      body: { message: `User ${ACCOUNT_IDS.outsider} not found in app ${APP}`, code: 'user_not_found' },
    });
    const long = `${'a'.repeat(64)}b`;
    expect((await sso(long, { as: 'service' })).body.message).toBe(
      `User ${'a'.repeat(64)} not found in app ${APP}`,
    );
  });
});

describe('passwords up to 200 characters', () => {
  it('signs in with a password of 200 characters', async () => {
    running.state.accounts.create({
      email: 'long@example.com',
      passwordHash: hashPasswordSync('p'.repeat(200)),
      fullName: '',
      verified: true,
    });
    expect((await login('long@example.com', 'p'.repeat(200))).status).toBe(200);
    expect(answered(await login('long@example.com', 'p'.repeat(201))).body).toStrictEqual({
      message: 'password must be a string of 1 to 200 characters',
      code: 'invalid_body',
    });
  });
});
