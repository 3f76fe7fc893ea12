/**
 * The whole money path in Node, over real HTTP with real Deno: the platform's reference client calls the project's own
 * createCheckout (base44/functions), the payment double opens a session that charges the setup today and the monthly
 * fee from a month on, its Pay delivers signed events to the project's stripeWebhook, which records one Order
 * (admin-only by its RLS) and e-mails the agency once.
 */
import { createClient } from '@base44/sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signatureHeader } from '../../../host-harness/payments/webhooks/event-signature.ts';
import {
  MONTHLY_PENCE,
  MONTHLY_TEXT,
  SETUP_AND_MONTH_TEXT,
  SETUP_PENCE,
  SETUP_TEXT,
} from '../../support/spec-figures.ts';
import { type Json, SERVICE_TOKEN } from '../emulator/emulator-harness.ts';
import { type Deployed, startDeployed } from './deployed-functions.ts';
import { APP, fn } from './function-harness.ts';

const AGENCY = 'agency@example.com';
const SITE = 'http://localhost:4401';

describe('money path: createCheckout → payment double → stripeWebhook → Order and e-mail', () => {
  let h: Deployed;
  const clients: { cleanup(): void }[] = [];
  const client = () => {
    const made = createClient({ serverUrl: h.url, appId: APP });
    clients.push(made);
    return made;
  };
  const ordersAs = async (token: string | null): Promise<Json> =>
    (await h.call('GET', `/api/apps/${APP}/entities/Order`, { token })).body;
  const agencyMail = async (): Promise<Json[]> =>
    (await h.call('GET', '/__harness/outbox')).body.filter(
      (m: Json) => m.kind === 'email' && m.to === AGENCY,
    );
  const sessionIdOf = (url: string) => new URL(url).pathname.split('/').pop()!;

  beforeAll(async () => {
    // Cold starts (Deno, and npm packages into its cache on a fresh machine) are not what these tests measure.
    h = await startDeployed({ siteOrigin: SITE, agencyEmail: AGENCY, functionsRuntime: undefined });
  }, 120_000);
  afterAll(async () => {
    for (const c of clients) c.cleanup();
    await h.close();
  });
  beforeEach(async () => {
    await h.call('POST', '/__harness/reset');
    h.proxy.reset();
  });

  it('the reference client gets a checkout URL for gold; platinum is a 400', async () => {
    const base44 = client();
    const { data } = await base44.functions.invoke('createCheckout', { packageName: 'gold' });
    expect(data.url).toMatch(new RegExp(`^${h.url}/__harness/pay/cs_test_[A-Za-z0-9]{58}$`));
    await expect(
      base44.functions.invoke('createCheckout', { packageName: 'platinum' }),
    ).rejects.toMatchObject({
      status: 400,
    });
    expect((await h.call('GET', '/__harness/checkout-sessions')).body).toHaveLength(1);
  });

  it('paying records exactly one paid Order, readable by the admin only, and e-mails the agency once', async () => {
    const base44 = client();
    await base44.auth.loginViaEmailPassword('user@example.com', 'user1234');
    const { data } = await base44.functions.invoke('createCheckout', { packageName: 'gold' });
    const id = sessionIdOf(data.url);
    const session = (await h.call('GET', '/__harness/checkout-sessions')).body.find((o: Json) => o.id === id);
    // The setup today; the first monthly fee one calendar month on (the end of a month's trial).
    expect(session).toMatchObject({
      amount_total: SETUP_PENCE,
      monthly_amount: MONTHLY_PENCE,
      total_display: SETUP_TEXT,
    });
    const monthOn = new Date();
    monthOn.setUTCMonth(monthOn.getUTCMonth() + 1);
    expect(Math.abs(Date.parse(session.first_renewal) - monthOn.getTime())).toBeLessThan(
      2 * 24 * 3600 * 1000,
    );
    const date = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'Europe/London',
    });
    expect(session.first_renewal_display).toBe(date.format(new Date(session.first_renewal)));
    const page = await h.call('GET', new URL(data.url).pathname);
    expect(page.text).toContain(`Due today ${SETUP_TEXT}`);
    expect(page.text).toContain(`then ${MONTHLY_TEXT} per month from ${session.first_renewal_display}`);

    const paid = await h.call('POST', `/__harness/pay/${id}/pay`);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${SITE}/PaymentSuccess?session_id=${id}`);

    const admin = await ordersAs(await h.tokenOf('admin'));
    expect(admin).toEqual([
      expect.objectContaining({
        session_id: id,
        status: 'paid',
        package: 'gold',
        customer_email: 'user@example.com',
        amount_total: SETUP_PENCE,
        monthly_amount: MONTHLY_PENCE,
        currency: 'gbp',
        first_renewal_at: session.first_renewal,
        subscription_status: 'trialing',
        email_sent: true,
      }),
    ]);
    expect(await ordersAs(null)).toEqual([]);
    expect(await ordersAs(await h.tokenOf('user'))).toEqual([]);
    const mail = await agencyMail();
    expect(mail).toHaveLength(1);
    expect(mail[0].body).toContain(id);
    expect(mail[0].subject).toContain(`${SETUP_TEXT} today`);
    expect(mail[0].body).toContain(`Then: ${MONTHLY_TEXT} per month from ${session.first_renewal_display}`);
    expect(mail[0].body).not.toContain(SETUP_AND_MONTH_TEXT);
  });

  it("an anonymous buyer's e-mail from the payment page reaches the Order and the agency's e-mail", async () => {
    const { data } = await client().functions.invoke('createCheckout', { packageName: 'gold' });
    const id = sessionIdOf(data.url);
    const form = (email: string) => ({
      raw: `email=${encodeURIComponent(email)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const refused = await h.call('POST', `/__harness/pay/${id}/pay`, form('not an address'));
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('Enter a valid e-mail address.');
    expect(await ordersAs(SERVICE_TOKEN)).toEqual([]);

    const paid = await h.call('POST', `/__harness/pay/${id}/pay`, form('buyer@example.co.uk'));
    expect(paid.status).toBe(303);
    expect(await ordersAs(SERVICE_TOKEN)).toEqual([
      expect.objectContaining({ session_id: id, customer_email: 'buyer@example.co.uk' }),
    ]);
    const mail = await agencyMail();
    expect(mail).toHaveLength(1);
    expect(mail[0].body).toContain('buyer@example.co.uk');
  });

  it('the same signed event delivered again records one order and sends one e-mail', async () => {
    const { data } = await client().functions.invoke('createCheckout', { packageName: 'gold' });
    const id = sessionIdOf(data.url);
    await h.call('POST', `/__harness/pay/${id}/pay`, {
      raw: 'email=buyer%40example.co.uk',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    for (let i = 0; i < 2; i++) {
      const again = await h.call('POST', `/__harness/checkout-sessions/${id}/webhook`);
      expect(again.body.attempt).toMatchObject({ ok: true, status: 200 });
    }
    expect(await ordersAs(SERVICE_TOKEN)).toHaveLength(1);
    expect(await agencyMail()).toHaveLength(1);
  });

  it('a forged webhook (wrong or missing signature) creates nothing', async () => {
    const { data } = await client().functions.invoke('createCheckout', { packageName: 'gold' });
    const session = { id: sessionIdOf(data.url), object: 'checkout.session', payment_status: 'paid' };
    const payload = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      api_version: '2026-10-28.endive',
      data: { object: { ...session, status: 'complete', amount_total: SETUP_PENCE, currency: 'gbp' } },
    });
    for (const signature of [await signatureHeader(payload, 'whsec_not_the_secret'), null]) {
      const answer = await h.call('POST', fn('stripeWebhook'), {
        raw: payload,
        headers: {
          'content-type': 'application/json',
          ...(signature ? { 'stripe-signature': signature } : {}),
        },
      });
      expect(answer.status).toBe(400);
    }
    const orders = await h.call('GET', `/api/apps/${APP}/entities/Order`, { token: SERVICE_TOKEN });
    expect(orders.body).toEqual([]);
    expect(await agencyMail()).toEqual([]);
  });

  it('a dropped connection to the provider is retried by the SDK: checkout still opens one session', async () => {
    h.proxy.fault({ method: 'POST', path: '/v1/checkout/sessions', drop: true, times: 1 });
    const { data } = await client().functions.invoke('createCheckout', { packageName: 'gold' });
    expect(data.url).toContain('/__harness/pay/cs_test_');
    const sessions = (await h.call('GET', '/__harness/checkout-sessions')).body;
    expect(sessions.map((s: Json) => s.id)).toEqual([sessionIdOf(data.url)]);
    const calls = h.proxy.calls.filter((call) => call.path === '/v1/checkout/sessions');
    expect(calls.map((call) => call.status)).toEqual([null, 200]);
  });
});
