/**
 * E-mail header fields (docs/security.md, "Servers of the harness and the backend functions"), over real HTTP: e-mail
 * through the emulator (`Core.SendEmail`) is for the app's members and the service role; `to` is one address; `to`,
 * `subject` and `from_name` never carry a line break (CR, LF, U+0085, U+2028, U+2029), and one is refused with a 400,
 * not cleaned. Registration and the other auth routes that mail an address refuse those characters in it too. Nothing
 * refused reaches the outbox.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { APP, type Json, type Running, SERVICE_TOKEN, startEmulator } from '../emulator/emulator-harness.ts';

let h: Running;
let member: string;
const sendEmail = `/api/apps/${APP}/integration-endpoints/Core/SendEmail`;
const auth = (route: string) => `/api/apps/${APP}/auth/${route}`;
const outbox = async (): Promise<Json[]> => (await h.call('GET', '/__harness/outbox')).body;
const LINE_BREAKS = { CR: '\r', LF: '\n', CRLF: '\r\n', NEL: '\u0085', LS: '\u2028', PS: '\u2029' };
const GOOD = { to: 'team@example.com', subject: 'New lead', body: 'Hello\nthere', from_name: 'Website' };

beforeAll(async () => {
  h = await startEmulator({ dataDir: null });
});
afterAll(() => h.close());
beforeEach(async () => {
  h.emulator.reset();
  member = await h.tokenOf('user');
});

describe('Core.SendEmail: who may send', () => {
  it('a member, an admin and the service role send; the body may hold line breaks and from_name is kept', async () => {
    for (const token of [member, await h.tokenOf('admin'), SERVICE_TOKEN]) {
      const answer = await h.call('POST', sendEmail, { token, body: GOOD });
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body).toMatchObject({ success: true, id: expect.any(String) });
    }
    const sent = await outbox();
    expect(sent).toHaveLength(3);
    expect(sent[0]).toMatchObject({ kind: 'email', ...GOOD });
  });

  it('a signed-in account that is not a member of the app gets 403 user_not_registered, and nothing is sent', async () => {
    const outsider = await h.tokenOf('outsider');
    const answer = await h.call('POST', sendEmail, { token: outsider, body: GOOD });
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ code: 'user_not_registered' });
    expect((await h.call('POST', sendEmail, { body: GOOD })).status).toBe(401);
    expect(await outbox()).toEqual([]);
  });
});

describe('Core.SendEmail: header fields', () => {
  it.each([
    'not-an-address',
    'a@example.com, b@example.com',
    'a@example.com;b@example.com',
    'Team <team@example.com>',
    ' team@example.com',
    'team@example.com ',
    'team@@example.com',
    'team@localhost',
    `${'a'.repeat(250)}@example.com`,
  ])('to %j is not one address: 400, nothing sent', async (to) => {
    const answer = await h.call('POST', sendEmail, { token: member, body: { ...GOOD, to } });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toMatch(/^invalid_(email|body)$/);
    expect(await outbox()).toEqual([]);
  });

  const cases = Object.entries(LINE_BREAKS).flatMap(([name, ch]) =>
    (['to', 'subject', 'from_name'] as const).map((field) => [field, name, ch] as const),
  );
  it.each(cases)('a line break in %s (%s) is refused with 400, not cleaned', async (field, _name, ch) => {
    const value =
      field === 'to' ? `team@example.com${ch}Bcc: all@example.com` : `Hello${ch}Bcc: all@example.com`;
    const answer = await h.call('POST', sendEmail, {
      token: SERVICE_TOKEN,
      body: { ...GOOD, [field]: value },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      code: 'invalid_header_field',
      message: expect.stringContaining(field),
    });
    expect(await outbox()).toEqual([]);
  });

  it('the same rules hold for a multipart call', async () => {
    const form = new FormData();
    for (const [key, value] of Object.entries({ ...GOOD, subject: 'Hi\u2028Bcc: all@example.com' }))
      form.set(key, value);
    const answer = await h.call('POST', sendEmail, { token: member, raw: form });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('invalid_header_field');
    expect(await outbox()).toEqual([]);
  });

  it('a subject or from_name that is not a string is a 400', async () => {
    for (const extra of [{ subject: { a: 1 } }, { from_name: 5 }, { subject: 'x'.repeat(501) }]) {
      const answer = await h.call('POST', sendEmail, { token: member, body: { ...GOOD, ...extra } });
      expect(answer.status).toBe(400);
    }
    expect(await outbox()).toEqual([]);
  });
});

describe('addresses the auth routes mail', () => {
  const addresses = Object.entries(LINE_BREAKS).flatMap(([name, ch]) => [
    [`${name} at the end`, `new.person@example.com${ch}`],
    [`${name} inside`, `new.person${ch}@example.com`],
  ]);
  it('register refuses an address with a line break anywhere: 400 invalid_email, no account, nothing sent', async () => {
    for (const [label, address] of addresses) {
      const answer = await h.call('POST', auth('register'), {
        body: { email: address, password: 'long enough 1' },
      });
      expect(answer.status, label).toBe(400);
      expect(answer.body, label).toMatchObject({
        code: 'invalid_email',
        message: expect.stringContaining('line break'),
      });
    }
    expect(await outbox()).toEqual([]);
    // No refused registration took the clean address (trimmed) either.
    const clean = await h.call('POST', auth('register'), {
      body: { email: 'new.person@example.com', password: 'long enough 1' },
    });
    expect(clean.status).toBe(200);
  });

  it('resend-otp, reset-password-request and invite-user refuse them too', async () => {
    const admin = await h.tokenOf('admin');
    for (const [route, body, token] of [
      ['resend-otp', { email: 'user@example.com\u2029' }, null],
      ['reset-password-request', { email: 'user@example.com\r\n' }, null],
    ] as const) {
      const answer = await h.call('POST', auth(route), { body, token });
      expect(answer.status, route).toBe(400);
      expect(answer.body.code).toBe('invalid_email');
    }
    const invite = await h.call('POST', `/api/apps/${APP}/users/invite-user`, {
      token: admin,
      body: { user_email: 'guest@example.com\u0085', role: 'user' },
    });
    expect(invite.status).toBe(400);
    expect(invite.body.code).toBe('invalid_email');
    expect(await outbox()).toEqual([]);
  });
});
