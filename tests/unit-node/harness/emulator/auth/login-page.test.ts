/**
 * The login page, called in process: the form (with the seeded accounts' quick buttons and the return address kept
 * in hidden fields), its refusal of a return address outside this machine, and the form post: a 303 to `from_url`
 * with `access_token` added, a "signed in" page without one, or the form again with the error and the e-mail typed.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerLoginPage } from '../../../../../host-harness/src/emulator/auth/login-page.ts';
import { hashPasswordSync } from '../../../../../host-harness/src/emulator/auth/passwords.ts';
import { ACCOUNT_IDS, answered, EMAILS } from '../access-app.ts';
import { type Answer, type FeatureApp, featureApp } from '../feature-app.ts';

const BAD_RETURN_TEXT =
  'This sign-in link asks to return to an address outside this machine, so it was not followed.';
const BAD_RETURN = `<p class="error" role="alert">${BAD_RETURN_TEXT}</p>`;
const RETURN = 'http://localhost:4401/Pricing?x=1&y="2"#top';
const RETURN_ESCAPED = 'http://localhost:4401/Pricing?x=1&amp;y=&quot;2&quot;#top';
const hidden = (value: string) => `<input type="hidden" name="from_url" value="${value}">`;
const emailField = (value: string) =>
  `<input id="email" name="email" type="email" autocomplete="username" required value="${value}">`;

let running: FeatureApp;

beforeEach(async () => {
  running = await featureApp((app, state) => registerLoginPage(app, state));
});
afterEach(async () => {
  vi.restoreAllMocks();
  await running.close();
});

const page = (query = '') => running.call('GET', `/login${query}`);
const form = (fields: Record<string, string>) =>
  running.call('POST', '/login', {
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
const count = (text: string, part: string) => text.split(part).length - 1;

/** The page's status, title and error paragraph (or null). */
function shown(answer: Answer): { status: number; title: string | undefined; error: string | null } {
  expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
  return {
    status: answer.status,
    title: /<title>(.*)<\/title>/.exec(answer.text)?.[1],
    error: /<p class="error" role="alert">(.*)<\/p>/.exec(answer.text)?.[1] ?? null,
  };
}

describe('GET /login', () => {
  it('shows the form and a quick button per seeded account, each form on its own line, with no error or return address', async () => {
    const answer = await page();
    expect(shown(answer)).toStrictEqual({ status: 200, title: 'Sign in', error: null });
    // Where the error and the return address would go, nothing is written.
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
    expect(answer.text).toContain('<h1>Sign in</h1>');
    expect(answer.text).toContain(emailField(''));
    expect(answer.text).not.toContain('name="from_url"');
    expect(count(answer.text, '<form method="post" action="/login">')).toBe(4);
    for (const [email, password, label] of [
      [EMAILS.admin, 'admin1234', 'admin'],
      [EMAILS.user, 'user1234', 'user'],
      [EMAILS.outsider, 'outsider1234', 'not registered for the app'],
    ]) {
      expect(answer.text).toContain(
        `<input type="hidden" name="email" value="${email}"><input type="hidden" name="password" value="${password}">`,
      );
      expect(answer.text).toContain(
        `<button type="submit" class="secondary">Use ${email} (${label})</button>`,
      );
    }
  });

  it('keeps a local return address, escaped, in every form', async () => {
    const answer = await page(`?from_url=${encodeURIComponent(RETURN)}`);
    expect(shown(answer)).toStrictEqual({ status: 200, title: 'Sign in', error: null });
    expect(count(answer.text, hidden(RETURN_ESCAPED))).toBe(4);
  });

  it('answers 400 with the form (and no return address) for one outside this machine, empty, or given twice', async () => {
    for (const query of [
      `?from_url=${encodeURIComponent('https://evil.com/')}`,
      '?from_url=',
      `?from_url=${encodeURIComponent(RETURN)}&from_url=${encodeURIComponent(RETURN)}`,
    ]) {
      const answer = await page(query);
      expect(shown(answer), query).toStrictEqual({
        status: 400,
        title: 'Sign in',
        error: BAD_RETURN_TEXT,
      });
      expect(answer.text, query).toContain(BAD_RETURN);
      expect(answer.text, query).not.toContain('name="from_url"');
    }
  });
});

describe('POST /login', () => {
  it('returns to from_url with access_token added (303), keeping its path, query and hash', async () => {
    const answer = await form({ email: EMAILS.user, password: 'user1234', from_url: RETURN });
    expect(answer.status).toBe(303);
    const location = String(answer.headers.location);
    const token = /access_token=([^#]+)#top$/.exec(location)![1]!;
    expect(location).toBe(`http://localhost:4401/Pricing?x=1&y=%222%22&access_token=${token}#top`);
    expect(running.state.accounts.accountForToken(decodeURIComponent(token))?.id).toBe(ACCOUNT_IDS.user);
  });

  it('shows a signed-in page, the e-mail escaped, when there is nowhere to return to', async () => {
    running.state.accounts.create({
      email: "o'neil@example.com",
      passwordHash: hashPasswordSync('secret123'),
      fullName: '',
      verified: true,
    });
    for (const fields of [{}, { from_url: '' }] as Record<string, string>[]) {
      const answer = await form({ email: "o'neil@example.com", password: 'secret123', ...fields });
      expect(shown(answer)).toStrictEqual({ status: 200, title: 'Signed in', error: null });
      expect(answer.text).toContain(
        '<h1>Signed in</h1><p class="note">You are signed in as o&#39;neil@example.com. No return address was given, so there is nowhere to go back to.</p>',
      );
      expect(answer.headers.location).toBeUndefined();
    }
  });

  it('shows the form again (401) on a wrong password, with the e-mail and the return address kept', async () => {
    const answer = await form({ email: '"me"@example.com', password: 'wrong-one', from_url: RETURN });
    expect(shown(answer)).toStrictEqual({
      status: 401,
      title: 'Sign in',
      error: 'Incorrect email or password. Please try again.',
    });
    expect(answer.text).toContain(emailField('&quot;me&quot;@example.com'));
    expect(count(answer.text, hidden(RETURN_ESCAPED))).toBe(4);
  });

  it('shows the platform’s message for other refusals (403 unverified account), escaped', async () => {
    running.state.accounts.create({
      email: 'new@example.com',
      passwordHash: hashPasswordSync('secret123'),
      fullName: '',
      verified: false,
    });
    const answer = await form({ email: 'new@example.com', password: 'secret123' });
    expect(shown(answer)).toStrictEqual({
      status: 403,
      title: 'Sign in',
      error: 'Verify your e-mail address before signing in',
    });
    expect(answer.text).not.toContain('name="from_url"');
  });

  it('refuses a return address outside this machine (400) before signing in, keeping the e-mail', async () => {
    const before = running.state.db.prepare('SELECT COUNT(*) AS n FROM tokens').get();
    const answer = await form({ email: EMAILS.user, password: 'user1234', from_url: 'https://evil.com/' });
    expect(shown(answer)).toStrictEqual({ status: 400, title: 'Sign in', error: BAD_RETURN_TEXT });
    expect(answer.text).toContain(emailField(EMAILS.user));
    expect(answer.text).not.toContain('name="from_url"');
    expect(running.state.db.prepare('SELECT COUNT(*) AS n FROM tokens').get()).toStrictEqual(before);
  });

  it('reads missing or non-text fields as empty, and at most 254 characters of e-mail and 200 of password', async () => {
    const empty = await running.call('POST', '/login');
    expect(shown(empty).status).toBe(401);
    expect(empty.text).toContain(emailField(''));
    running.state.accounts.create({
      email: 'blank@example.com',
      passwordHash: hashPasswordSync(''),
      fullName: '',
      verified: true,
    });
    const signedIn = { status: 200, title: 'Signed in', error: null };
    expect(shown(await form({ email: 'blank@example.com', password: '' }))).toStrictEqual(signedIn);
    expect(shown(await form({ email: 'blank@example.com' }))).toStrictEqual(signedIn);
    const numbers = await running.call('POST', '/login', { body: { email: 5, password: 5, from_url: 7 } });
    expect(shown(numbers)).toStrictEqual({ status: 400, title: 'Sign in', error: BAD_RETURN_TEXT });
    expect(numbers.text).toContain(emailField(''));
    const unsigned = await running.call('POST', '/login', { body: { email: 5, password: 5 } });
    expect(shown(unsigned)).toStrictEqual({
      status: 401,
      title: 'Sign in',
      error: 'Incorrect email or password. Please try again.',
    });
    expect(unsigned.text).toContain(emailField(''));
    const long = await form({ email: 'x'.repeat(300), password: 'p' });
    expect(long.text).toContain(emailField('x'.repeat(254)));
    running.state.accounts.create({
      email: 'long@example.com',
      passwordHash: hashPasswordSync('p'.repeat(200)),
      fullName: '',
      verified: true,
    });
    expect(shown(await form({ email: 'long@example.com', password: `${'p'.repeat(200)}q` })).title).toBe(
      'Signed in',
    );
  });

  it('lets a failure that is not a refusal through as a 500, even one carrying a status and a code', async () => {
    const failed = {
      status: 500,
      body: { message: 'The emulator failed to handle this request', code: 'internal_error' },
    };
    const byEmail = vi.spyOn(running.state.accounts, 'byEmail').mockImplementation(() => {
      throw new TypeError('broken store');
    });
    expect(answered(await form({ email: EMAILS.user, password: 'user1234' }))).toStrictEqual(failed);
    byEmail.mockImplementation(() => {
      throw Object.assign(new Error('store detail'), { status: 401, code: 'invalid_credentials' });
    });
    expect(answered(await form({ email: EMAILS.user, password: 'user1234' }))).toStrictEqual(failed);
  });
});
