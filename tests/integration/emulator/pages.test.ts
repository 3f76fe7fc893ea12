import { describe, expect, it } from 'vitest';
import { MONTHLY_TEXT, SETUP_TEXT } from '../../support/spec-figures.ts';
import { APP, emulatorPerFile, entities, type Json, type Running } from './emulator-harness.ts';

let h: Running;

emulatorPerFile((started) => {
  h = started;
});

/** Posts the login page's form with `fields`, as a browser does. */
const signInWith = (fields: Record<string, string>) => h.call('POST', '/login', form(fields));

const form = (fields: Record<string, string>) => ({
  raw: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

function expectStrictPage(answer: { headers: Headers; text: string }) {
  const csp = answer.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("default-src 'none'");
  expect(csp).not.toContain('unsafe-inline');
  expect(answer.text).not.toMatch(/<script|style=|<style/i);
  expect(answer.text).toContain('href="/__harness/assets/pages.css"');
  expect(answer.text).toContain('Local stand-in');
}

describe('login page', () => {
  const fromUrl = 'http://localhost:4401/Pricing?plan=gold&x=a%20b#faq';

  it('has labelled Email and Password fields, a Sign in button and quick buttons', async () => {
    const page = await h.call('GET', `/login?from_url=${encodeURIComponent(fromUrl)}`);
    expect(page.status).toBe(200);
    expectStrictPage(page);
    expect(page.text).toMatch(/<label for="email">Email<\/label>\s*<input id="email"/);
    expect(page.text).toMatch(/<label for="password">Password<\/label>\s*<input id="password"/);
    expect(page.text).toContain('<button type="submit" class="primary">Sign in</button>');
    for (const email of ['admin@example.com', 'user@example.com', 'outsider@example.com'])
      expect(page.text).toContain(`Use ${email}`);
    expect(page.text).toContain('stand-in for the platform');
    const css = await h.call('GET', '/__harness/assets/pages.css');
    expect(css.headers.get('content-type')).toContain('text/css');
  });

  it('redirects to from_url with access_token added, keeping path, query and hash', async () => {
    const answer = await signInWith({ email: 'user@example.com', password: 'user1234', from_url: fromUrl });
    expect(answer.status).toBe(303);
    const location = new URL(answer.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe('http://localhost:4401/Pricing');
    expect(location.search.startsWith('?plan=gold&x=a%20b&access_token=')).toBe(true);
    expect(location.hash).toBe('#faq');
    const token = location.searchParams.get('access_token')!;
    expect((await h.call('GET', entities('User', '/me'), { token })).body.email).toBe('user@example.com');
  });

  it('shows an error and stays on the page on a wrong password', async () => {
    const answer = await signInWith({ email: 'user@example.com', password: 'bad', from_url: fromUrl });
    expect(answer.status).toBe(401);
    expect(answer.headers.get('location')).toBeNull();
    expect(answer.text).toContain('role="alert">Incorrect email or password');
    expect(answer.text).toContain('value="user@example.com"');
    expectStrictPage(answer);
  });

  it.each([
    'https://evil.com/',
    '//evil.com',
    '/\\evil.com',
    'https:evil.com',
    'javascript:alert(1)',
    '%2F%2Fevil.com',
    'https://site@evil.com',
    'http://localhost:4401@evil.com/',
    'http://user:pw@localhost:4401/',
  ])('refuses from_url %s (no open redirect)', async (target) => {
    const page = await h.call('GET', `/login?from_url=${encodeURIComponent(target)}`);
    expect(page.status).toBe(400);
    expect(page.text).toContain('outside this machine');
    const post = await signInWith({ email: 'user@example.com', password: 'user1234', from_url: target });
    expect(post.status).toBe(400);
    expect(post.headers.get('location')).toBeNull();
  });

  it('escapes what it echoes', async () => {
    const answer = await signInWith({ email: '"><script>alert(1)</script>', password: 'x' });
    expect(answer.text).not.toContain('<script>');
    expect(answer.text).toContain('&quot;&gt;&lt;script&gt;');
  });
});

describe('payment page', () => {
  // Through the project's own createCheckout, as the site does (its Pay delivers to the real stripeWebhook).
  async function checkout() {
    const answer = await h.call('POST', `/api/apps/${APP}/functions/createCheckout`, {
      body: { packageName: 'gold' },
    });
    const url = new URL(answer.body.url);
    return { path: url.pathname, id: url.pathname.split('/').pop()! };
  }
  const status = async (id: string) =>
    (await h.call('GET', '/__harness/checkout-sessions')).body.find((o: Json) => o.id === id).status;

  it('shows the package, the price and Pay and Cancel buttons', async () => {
    const { path } = await checkout();
    const page = await h.call('GET', path);
    expect(page.status).toBe(200);
    expectStrictPage(page);
    expect(page.text).toContain('Gold package: one-time setup');
    // createCheckout anchors the monthly fee a month on: day one charges the setup only.
    expect(page.text).toContain(`Due today ${SETUP_TEXT}`);
    expect(page.text).toContain(`then ${MONTHLY_TEXT} per month from `);
    expect(page.text).toContain('>Pay</button>');
    expect(page.text).toContain('>Cancel</button>');
    expect(page.text).toContain('stand-in for the payment provider');
  });

  it('Pay marks the order paid and returns to PaymentSuccess on the site origin', async () => {
    const { path, id } = await checkout();
    const answer = await h.call('POST', `${path}/pay`, {
      raw: 'email=buyer%40example.com',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(`http://localhost:4401/PaymentSuccess?session_id=${id}`);
    expect(await status(id)).toBe('paid');
    expect((await h.call('GET', path)).text).toContain('This checkout session is paid.');
    expect((await h.call('POST', `${path}/cancel`)).status).toBe(409);
  });

  it('Cancel marks the order cancelled and returns to Pricing', async () => {
    const { path, id } = await checkout();
    const answer = await h.call('POST', `${path}/cancel`);
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('http://localhost:4401/Pricing');
    expect(await status(id)).toBe('cancelled');
  });

  it('an unknown session is a 404 page', async () => {
    const page = await h.call('GET', '/__harness/pay/cs_test_unknown');
    expect(page.status).toBe(404);
    expect(page.text).toContain('does not exist');
  });
});
