/**
 * The hosted page's Pay, as the buyer sees it: an empty e-mail pays with the prefilled one, else asks for one; an
 * address longer than the page takes is refused with a visible error, paying nothing; `success_url` gets the session's
 * id for its placeholder, and a session with no `success_url` is refused; a session the double does not know is the
 * 404 page.
 */
import { describe, expect, it, vi } from 'vitest';
import { MAX_EMAIL_LENGTH } from '../../../../host-harness/payments/pay-page/pay-page-view.ts';
import { GOLD, SITE } from '../support/payments-app.ts';
import { type ControlApp, controlApp } from './control-app.ts';

const pageUrl = (id: string) => `/__harness/pay/${id}`;
const pay = (h: ControlApp, id: string, form?: Record<string, string>) =>
  h.page('POST', `${pageUrl(id)}/pay`, form);
const alert = (text: string) => `<p class="error" role="alert">${text}</p>`;

describe('POST /__harness/pay/:id/pay: the e-mail', () => {
  it('empty with one prefilled: paid with the prefilled address and sent to the site', async () => {
    const h = await controlApp();
    const id = await h.session({ ...GOLD, customer_email: 'prefilled@example.com' });
    const answer = await pay(h, id, { email: '', payment_method: 'card' });
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe(`${SITE}/PaymentSuccess?session_id=${id}`);
    const summary = await h.summary(id);
    expect(summary.status).toBe('paid');
    expect(summary.customer_email).toBe('prefilled@example.com');
  });

  it('empty with none prefilled: the page asks for one, paying nothing', async () => {
    const h = await controlApp();
    const id = await h.session();
    const answer = await pay(h, id, { email: '', payment_method: 'card' });
    expect(answer.status).toBe(400);
    expect(answer.text).toContain(alert('Enter your e-mail address.'));
    expect((await h.summary(id)).status).toBe('open');
    expect(h.types(id)).toStrictEqual([]);
  });

  it('longer than the page takes (even with one prefilled): a visible error, paying nothing', async () => {
    const h = await controlApp();
    const id = await h.session({ ...GOLD, customer_email: 'prefilled@example.com' });
    const tooLong = `${'b'.repeat(MAX_EMAIL_LENGTH - 'x@example.com'.length + 1)}x@example.com`;
    expect(tooLong).toHaveLength(MAX_EMAIL_LENGTH + 1);
    const answer = await pay(h, id, { email: tooLong, payment_method: 'card' });
    expect(answer.status).toBe(400);
    expect(answer.text).toContain(alert('Enter a valid e-mail address.'));
    expect((await h.summary(id)).status).toBe('open');
    expect(h.types(id)).toStrictEqual([]);
  });

  it('one given is the address the session is paid with', async () => {
    const h = await controlApp();
    const id = await h.session();
    expect((await pay(h, id, { email: 'given@example.com', payment_method: 'card' })).status).toBe(303);
    expect((await h.summary(id)).customer_email).toBe('given@example.com');
  });
});

describe('POST /__harness/pay/:id/pay: where the buyer returns', () => {
  it('the session id in place of the placeholder', async () => {
    const h = await controlApp();
    const id = await h.session({
      ...GOLD,
      success_url: `${SITE}/Done/{CHECKOUT_SESSION_ID}?again={CHECKOUT_SESSION_ID}`,
    });
    const answer = await pay(h, id, { email: 'buyer@example.com' });
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe(`${SITE}/Done/${id}?again=${id}`);
  });

  it('a session without success_url: refused as off the site, paying nothing', async () => {
    const h = await controlApp();
    const id = await h.session();
    h.state.checkoutSessions.update(id, (record) => ({
      ...record,
      session: { ...record.session, success_url: null },
    }));
    const answer = await pay(h, id, { email: 'buyer@example.com' });
    expect(answer.status).toBe(400);
    expect(answer.text).toContain(alert('This session returns to an address outside the site&#39;s origin.'));
    expect((await h.summary(id)).status).toBe('open');
  });

  it('a session the double does not know: the 404 page, for the page, Pay and Cancel', async () => {
    const h = await controlApp();
    const notFound = alert('This checkout session does not exist.');
    const shown = await h.page('GET', pageUrl('cs_test_unknown'));
    expect(shown.status).toBe(404);
    expect(shown.text).toContain(notFound);
    const paid = await pay(h, 'cs_test_unknown', { email: 'buyer@example.com' });
    expect(paid.status).toBe(404);
    expect(paid.text).toContain(notFound);
    const cancelled = await h.page('POST', `${pageUrl('cs_test_unknown')}/cancel`, {});
    expect(cancelled.status).toBe(404);
    expect(cancelled.text).toContain(notFound);
  });
});

describe('POST /__harness/pay/:id/pay: a failure while paying', () => {
  it('one that is not a conflict of the provider’s rules is not turned into a page, and pays nothing', async () => {
    const h = await controlApp();
    const id = await h.session();
    // The completion reads the account's billing settings inside the store's transaction: a failure there.
    vi.spyOn(h.payments, 'settings').mockImplementationOnce(() => {
      throw new Error('disk full');
    });
    const answer = await pay(h, id, { email: 'buyer@example.com', payment_method: 'card' });
    expect(answer.status).toBe(500);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect((await h.summary(id)).status).toBe('open');
    expect(h.types(id)).toStrictEqual([]);
  });
});
