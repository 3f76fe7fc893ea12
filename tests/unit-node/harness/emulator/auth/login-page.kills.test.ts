/**
 * The login page's markup without a return address or an error (no stray text where they would go, one quick form
 * per line), a missing password read as an empty one, and a failure that is not a platform refusal never shown on
 * the page, whatever status it carries.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerLoginPage } from '../../../../../host-harness/src/emulator/auth/login-page.ts';
import { hashPasswordSync } from '../../../../../host-harness/src/emulator/auth/passwords.ts';
import { answered, EMAILS } from '../access-app.ts';
import { type FeatureApp, featureApp } from '../feature-app.ts';

let running: FeatureApp;
beforeEach(async () => {
  running = await featureApp((app, state) => registerLoginPage(app, state));
});
afterEach(async () => {
  vi.restoreAllMocks();
  await running.close();
});

const form = (payload: string) =>
  running.call('POST', '/login', {
    payload,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
const title = (text: string) => /<title>(.*)<\/title>/.exec(text)?.[1];

describe('GET /login without a return address', () => {
  it('leaves the error and return-address lines empty and puts each quick form on its own line', async () => {
    const answer = await running.call('GET', '/login');
    expect(answer.status).toBe(200);
    expect(answer.text).toContain(
      'Nothing leaves this machine.</p>\n\n<form method="post" action="/login">\n\n<label for="email">Email</label>',
    );
    expect(answer.text).toContain(
      `<h2 id="quick-title">Seeded accounts</h2>\n<form method="post" action="/login">\n<input type="hidden" name="email" value="${EMAILS.admin}">`,
    );
    expect(answer.text).toContain(
      `</form>\n<form method="post" action="/login">\n<input type="hidden" name="email" value="${EMAILS.user}">`,
    );
    expect(answer.text).toContain(
      `</form>\n<form method="post" action="/login">\n<input type="hidden" name="email" value="${EMAILS.outsider}">`,
    );
  });
});

describe('POST /login', () => {
  it('reads a missing password as an empty one', async () => {
    running.state.accounts.create({
      email: 'blank@example.com',
      passwordHash: hashPasswordSync(''),
      fullName: '',
      verified: true,
    });
    const empty = await form('email=blank%40example.com&password=');
    expect({ status: empty.status, title: title(empty.text) }).toStrictEqual({
      status: 200,
      title: 'Signed in',
    });
    const missing = await form('email=blank%40example.com');
    expect({ status: missing.status, title: title(missing.text) }).toStrictEqual({
      status: 200,
      title: 'Signed in',
    });
  });

  it('answers 500 for a failure that is not a refusal, even one carrying a status and a code', async () => {
    vi.spyOn(running.state.accounts, 'byEmail').mockImplementation(() => {
      throw Object.assign(new Error('store detail'), { status: 401, code: 'invalid_credentials' });
    });
    const answer = await form(`email=${encodeURIComponent(EMAILS.user)}&password=user1234`);
    expect(answered(answer)).toStrictEqual({
      status: 500,
      body: { message: 'The emulator failed to handle this request', code: 'internal_error' },
    });
  });
});
