/**
 * The double's hosted payment page in-process: the page of a session (a 404 page for one the double does not know,
 * the session expired first when its time has passed), with its security headers; Pay (the buyer's e-mail and method
 * checked, the session completed, the buyer sent to `success_url` with the session's id; a second press returns
 * without paying twice; a session that cannot be paid says why) and Cancel (back to `cancel_url`). The page only ever
 * sends the buyer to the site's origin, and its forms are posted form-encoded or with no body.
 */
import { describe, expect, it, vi } from 'vitest';
import type { CheckoutRecord } from '../../../../host-harness/payments/checkout/checkout-session-store.ts';
import { payBody } from '../../../../host-harness/payments/pay-page/pay-page-view.ts';
import { GOLD, SITE } from '../support/payments-app.ts';
import { type ControlApp, controlApp, DAY_S, HOUR_S, NOW_S } from './control-app.ts';

const CSP =
  "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self' http://localhost:4401; base-uri 'none'; frame-ancestors 'self'";
const NOT_FOUND_BODY =
  '<h1>Checkout</h1><p class="error" role="alert">This checkout session does not exist.</p>';
const OFF_SITE = 'This session returns to an address outside the site&#39;s origin.';
const BUYER = { email: 'buyer@example.com' };

const pageUrl = (id: string) => `/__harness/pay/${id}`;
const successOf = (id: string) => `${SITE}/PaymentSuccess?session_id=${id}`;

/** The page's `<main>` body as the hosted page renders it. */
const mainOf = (text: string) => /<p class="badge">Local stand-in<\/p>\n([\s\S]*)\n<\/main>/.exec(text)?.[1];

/** Changes the stored session (a record the API would not create, to reach the page's own checks). */
function storedAs(h: ControlApp, id: string, change: (record: CheckoutRecord) => CheckoutRecord): void {
  h.state.checkoutSessions.update(id, change);
}
const withSession = (record: CheckoutRecord, fields: Record<string, unknown>): CheckoutRecord => ({
  ...record,
  session: { ...record.session, ...fields } as CheckoutRecord['session'],
});

/** A page answer: the checkout page, with its status and its policy. */
function expectPage(
  answer: { status: number; headers: Record<string, unknown>; text: string },
  status: number,
) {
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(answer.headers['content-security-policy']).toBe(CSP);
  expect(answer.text).toContain('<title>Checkout</title>');
}

const alert = (text: string) => `<p class="error" role="alert">${text}</p>`;

describe('GET /__harness/pay/:id', () => {
  it('the session’s page, framed by no other origin, its forms leading only to the site', async () => {
    const h = await controlApp();
    const id = await h.session();
    const answer = await h.page('GET', pageUrl(id));
    expectPage(answer, 200);
    expect(mainOf(answer.text)).toBe(payBody(h.state.checkoutSessions.get(id)!, NOW_S));
    expect(answer.text).toContain('>Pay</button>');
  });

  it('written as of the double’s now (paying now starts the subscription now)', async () => {
    const h = await controlApp();
    const id = await h.session();
    expect((await h.page('GET', pageUrl(id))).text).toContain('per month from 2 April 2026');
    h.payments.advanceTime(20 * HOUR_S);
    const later = await h.page('GET', pageUrl(id));
    expect(later.text).toContain('per month from 3 April 2026');
    expect(mainOf(later.text)).toBe(payBody(h.state.checkoutSessions.get(id)!, NOW_S + 20 * HOUR_S));
  });

  it('a session past its expires_at is expired first (its event stored) and says so', async () => {
    const h = await controlApp();
    const id = await h.session();
    h.payments.advanceTime(DAY_S - 1);
    expect((await h.page('GET', pageUrl(id))).text).toContain('>Pay</button>');
    expect(h.types(id)).toStrictEqual([]);
    h.payments.advanceTime(1);
    const expired = await h.page('GET', pageUrl(id));
    expectPage(expired, 200);
    expect(expired.text).toContain('This checkout session has expired');
    expect(expired.text).not.toContain('>Pay</button>');
    expect(h.types(id)).toStrictEqual(['checkout.session.expired']);
  });

  it('a session the double does not know: a 404 page saying so', async () => {
    const h = await controlApp();
    const answer = await h.page('GET', pageUrl('cs_nope'));
    expectPage(answer, 404);
    expect(mainOf(answer.text)).toBe(NOT_FOUND_BODY);
  });
});

describe('POST /__harness/pay/:id/pay', () => {
  const pay = (h: ControlApp, id: string, form?: Record<string, string>) =>
    h.page('POST', `${pageUrl(id)}/pay`, form);

  it('completes the session with the chosen method and the e-mail given, then returns to success_url', async () => {
    const h = await controlApp();
    const id = await h.session();
    const answer = await pay(h, id, { email: 'buyer@example.com', payment_method: 'card' });
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe(successOf(id));
    expect(await h.summary(id)).toMatchObject({
      status: 'paid',
      payment_method: 'card',
      customer_email: 'buyer@example.com',
    });
    expect(h.types(id)).toContain('checkout.session.completed');
  });

  it('a Direct Debit completes the session pending', async () => {
    const h = await controlApp();
    const id = await h.session();
    const answer = await pay(h, id, { ...BUYER, payment_method: 'bacs_debit' });
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe(successOf(id));
    expect(await h.summary(id)).toMatchObject({ status: 'pending', payment_method: 'bacs_debit' });
  });

  it('puts the session id in place of every {CHECKOUT_SESSION_ID}; an address without one is kept', async () => {
    const h = await controlApp();
    const twice = await h.session({
      ...GOLD,
      success_url: `${SITE}/done/{CHECKOUT_SESSION_ID}?again={CHECKOUT_SESSION_ID}`,
    });
    expect((await pay(h, twice, BUYER)).headers.location).toBe(`${SITE}/done/${twice}?again=${twice}`);
    const plain = await h.session({ ...GOLD, success_url: `${SITE}/Thanks` });
    expect((await pay(h, plain, BUYER)).headers.location).toBe(`${SITE}/Thanks`);
  });

  it('no method named (a tool’s post), or an empty one: the first the session offers', async () => {
    const h = await controlApp();
    const card = await h.session();
    expect((await pay(h, card, BUYER)).status).toBe(303);
    expect((await h.summary(card)).payment_method).toBe('card');
    const empty = await h.session();
    expect((await pay(h, empty, { ...BUYER, payment_method: '' })).status).toBe(303);
    expect((await h.summary(empty)).payment_method).toBe('card');
    const bacsOnly = await h.session({ ...GOLD, 'allowed_payment_method_types[0]': 'bacs_debit' });
    expect((await pay(h, bacsOnly, BUYER)).status).toBe(303);
    expect((await h.summary(bacsOnly)).payment_method).toBe('bacs_debit');
  });

  it('a method the session does not offer, or none offered: "Choose a way to pay."', async () => {
    const h = await controlApp();
    const cardOnly = await h.session({ ...GOLD, 'allowed_payment_method_types[0]': 'card' });
    for (const payment_method of ['bacs_debit', 'paypal', 'Card']) {
      const answer = await pay(h, cardOnly, { ...BUYER, payment_method });
      expectPage(answer, 400);
      expect(answer.text, payment_method).toContain(alert('Choose a way to pay.'));
    }
    const none = await h.session();
    storedAs(h, none, (record) => withSession(record, { payment_method_types: ['sepa_debit'] }));
    const answer = await pay(h, none, BUYER);
    expectPage(answer, 400);
    expect(answer.text).toContain(alert('Choose a way to pay.'));
    expect((await h.summary(cardOnly)).status).toBe('open');
    expect((await h.summary(none)).status).toBe('open');
    expect(h.types(cardOnly)).toStrictEqual([]);
  });

  it('the e-mail: required unless prefilled, trimmed, a plain address of at most 254 characters', async () => {
    const h = await controlApp();
    const id = await h.session();
    for (const form of [{}, { email: '' }, { email: '   ' }] as Record<string, string>[]) {
      const answer = await pay(h, id, form);
      expectPage(answer, 400);
      expect(answer.text, JSON.stringify(form)).toContain(alert('Enter your e-mail address.'));
    }
    const longest = `${'a'.repeat(242)}@example.com`;
    expect(longest).toHaveLength(254);
    for (const email of ['not-an-address', 'buyer\u200b@example.com', `a${longest}`]) {
      const answer = await pay(h, id, { email });
      expectPage(answer, 400);
      expect(answer.text, email).toContain(alert('Enter a valid e-mail address.'));
    }
    expect((await h.summary(id)).status).toBe('open');
    expect(h.types(id)).toStrictEqual([]);
    expect((await pay(h, id, { email: longest })).status).toBe(303);
    expect((await h.summary(id)).customer_email).toBe(longest);
    const trimmed = await h.session();
    expect((await pay(h, trimmed, { email: '  buyer@example.com \t' })).status).toBe(303);
    expect((await h.summary(trimmed)).customer_email).toBe('buyer@example.com');
  });

  it('no e-mail given with one prefilled: paid with the prefilled one; another given replaces it', async () => {
    const h = await controlApp();
    const prefilled = { ...GOLD, customer_email: 'prefilled@example.com' };
    const kept = await h.session(prefilled);
    expect((await pay(h, kept)).status).toBe(303);
    expect((await h.summary(kept)).customer_email).toBe('prefilled@example.com');
    const blank = await h.session(prefilled);
    expect((await pay(h, blank, { email: ' ' })).status).toBe(303);
    expect((await h.summary(blank)).customer_email).toBe('prefilled@example.com');
    const other = await h.session(prefilled);
    expect((await pay(h, other, { email: 'other@example.com' })).status).toBe(303);
    expect((await h.summary(other)).customer_email).toBe('other@example.com');
  });

  it('a second press returns to the site without paying or notifying again (paid, pending or failed)', async () => {
    const h = await controlApp();
    const paid = await h.session();
    await pay(h, paid, BUYER);
    const pending = await h.session();
    await pay(h, pending, { ...BUYER, payment_method: 'bacs_debit' });
    const failed = await h.session();
    await pay(h, failed, { ...BUYER, payment_method: 'bacs_debit' });
    await h.control('POST', `/__harness/checkout-sessions/${failed}/settle`, { outcome: 'failed' });
    for (const [id, status] of [
      [paid, 'paid'],
      [pending, 'pending'],
      [failed, 'failed'],
    ] as const) {
      const events = h.types(id);
      const again = await pay(h, id, { ...BUYER, payment_method: 'card' });
      expect(again.status, status).toBe(303);
      expect(again.headers.location).toBe(successOf(id));
      expect(h.types(id)).toStrictEqual(events);
      expect((await h.summary(id)).status).toBe(status);
    }
  });

  it('an expired or cancelled session cannot be paid: a 409 page saying why', async () => {
    const h = await controlApp();
    const cancelled = await h.session();
    await h.page('POST', `${pageUrl(cancelled)}/cancel`);
    const answer = await pay(h, cancelled, BUYER);
    expectPage(answer, 409);
    expect(answer.text).toContain(alert('This checkout session was cancelled.'));
    const expired = await h.session();
    h.payments.advanceTime(DAY_S);
    const late = await pay(h, expired, BUYER);
    expectPage(late, 409);
    expect(late.text).toContain('This checkout session has expired');
    expect((await h.summary(expired)).status).toBe('expired');
    expect(h.types(expired)).toStrictEqual(['checkout.session.expired']);
  });

  it('a conflict of the provider’s rules shows the page with its message (Bacs in payment mode)', async () => {
    const h = await controlApp();
    const id = await h.session({
      mode: 'payment',
      'line_items[0][price]': 'price_setup',
      'line_items[0][quantity]': '1',
      success_url: `${SITE}/PaymentSuccess?session_id={CHECKOUT_SESSION_ID}`,
    });
    const answer = await pay(h, id, { ...BUYER, payment_method: 'bacs_debit' });
    expectPage(answer, 400);
    expect(answer.text).toContain(
      alert('A Bacs Direct Debit in payment mode is not simulated by the local double'),
    );
    expect((await h.summary(id)).status).toBe('open');
    expect((await pay(h, id, { ...BUYER, payment_method: 'card' })).status).toBe(303);
  });

  it('any other failure is not turned into a page', async () => {
    const h = await controlApp();
    const id = await h.session();
    vi.spyOn(h.payments, 'apply').mockRejectedValueOnce(new Error('disk full'));
    const answer = await pay(h, id, BUYER);
    expect(answer.status).toBe(500);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('a success_url off the site (another local port, another host, none) is refused, paying nothing', async () => {
    const h = await controlApp();
    for (const success_url of ['http://127.0.0.1:5555/PaymentSuccess', 'https://example.com/x', null]) {
      const id = await h.session();
      storedAs(h, id, (record) => withSession(record, { success_url }));
      const answer = await pay(h, id, BUYER);
      expectPage(answer, 400);
      expect(answer.text, String(success_url)).toContain(alert(OFF_SITE));
      expect((await h.summary(id)).status).toBe('open');
    }
  });

  it('a session the double does not know: the 404 page; a body not form-encoded: a 400', async () => {
    const h = await controlApp();
    const missing = await pay(h, 'cs_nope', BUYER);
    expectPage(missing, 404);
    expect(mainOf(missing.text)).toBe(NOT_FOUND_BODY);
    const id = await h.session({ ...GOLD, customer_email: 'prefilled@example.com' });
    const json = await h.json(`${pageUrl(id)}/pay`, BUYER);
    expect(json).toMatchObject({
      status: 400,
      body: {
        message:
          'This form is posted as application/x-www-form-urlencoded; a body of type "application/json" was refused',
        code: 'invalid_body',
      },
    });
    expect((await h.summary(id)).status).toBe('open');
  });
});

describe('POST /__harness/pay/:id/cancel', () => {
  const cancel = (h: ControlApp, id: string) => h.page('POST', `${pageUrl(id)}/cancel`);

  it('expires an open session there and then, and returns to cancel_url; again, only returns', async () => {
    const h = await controlApp();
    const id = await h.session();
    const answer = await cancel(h, id);
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe(`${SITE}/Pricing`);
    expect((await h.summary(id)).status).toBe('cancelled');
    expect(h.types(id)).toStrictEqual(['checkout.session.expired']);
    const again = await cancel(h, id);
    expect(again.status).toBe(303);
    expect(again.headers.location).toBe(`${SITE}/Pricing`);
    expect(h.types(id)).toStrictEqual(['checkout.session.expired']);
  });

  it('a paid, pending or expired session cannot be cancelled: a 409 page', async () => {
    const h = await controlApp();
    const paid = await h.session();
    await h.page('POST', `${pageUrl(paid)}/pay`, BUYER);
    const pending = await h.session();
    await h.page('POST', `${pageUrl(pending)}/pay`, { ...BUYER, payment_method: 'bacs_debit' });
    const expired = await h.session();
    h.payments.advanceTime(DAY_S);
    for (const [id, status] of [
      [paid, 'paid'],
      [pending, 'pending'],
      [expired, 'expired'],
    ] as const) {
      const answer = await cancel(h, id);
      expectPage(answer, 409);
      expect((await h.summary(id)).status, status).toBe(status);
    }
  });

  it('a session without a cancel_url, or with one off the site, is refused', async () => {
    const h = await controlApp();
    const { cancel_url: _, ...noCancel } = GOLD;
    const none = await h.session(noCancel);
    const answer = await cancel(h, none);
    expectPage(answer, 400);
    expect(answer.text).toContain(alert(OFF_SITE));
    const offSite = await h.session();
    storedAs(h, offSite, (record) => withSession(record, { cancel_url: 'http://localhost:9999/Pricing' }));
    expect((await cancel(h, offSite)).text).toContain(alert(OFF_SITE));
    expect((await h.summary(offSite)).status).toBe('open');
    expect((await h.summary(none)).status).toBe('open');
  });

  it('a session the double does not know: the 404 page; a body not form-encoded: a 400', async () => {
    const h = await controlApp();
    const missing = await cancel(h, 'cs_nope');
    expectPage(missing, 404);
    expect(mainOf(missing.text)).toBe(NOT_FOUND_BODY);
    const id = await h.session();
    expect((await h.json(`${pageUrl(id)}/cancel`, {})).status).toBe(400);
    expect((await h.summary(id)).status).toBe('open');
  });
});
