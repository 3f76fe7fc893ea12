/**
 * The subscription objects a webhook handler fetches, in-process: the subscription, an invoice, the invoice payments
 * of a PaymentIntent or an invoice (newest first, by status, `limit`), and a dispute; each rendered in the request's
 * API version, each a 404 when unknown.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { invoicePaymentsQuery } from '../../../../host-harness/payments/api/billing-routes.ts';
import { ACACIA, GOLD, type PaymentsApp, paymentsApp } from '../support/payments-app.ts';
import { refusalOf } from '../support/provider-refusal.ts';

const apps: PaymentsApp[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

/** A gold session paid by Bacs, its first debit confirmed, renewed once (paid), then disputed. */
async function disputedBacs() {
  const h = await paymentsApp();
  apps.push(h);
  const { body: session } = await h.create(GOLD);
  await h.pay(session.id, 'bacs_debit');
  const base = `/__harness/checkout-sessions/${session.id}`;
  expect((await h.control('POST', `${base}/settle`, { outcome: 'succeeded' })).status).toBe(200);
  expect((await h.control('POST', `${base}/advance`, { renewal: 'paid' })).status).toBe(200);
  expect((await h.control('POST', `${base}/dispute`, {})).status).toBe(200);
  return { h, record: h.state.checkoutSessions.get(session.id)! };
}

const missing = (message: string, param: string) => ({
  status: 404,
  body: { error: { type: 'invalid_request_error', message, param, code: 'resource_missing' } },
});

describe('invoicePaymentsQuery', () => {
  it('reads the filters, none given as null, limit 10 by default', () => {
    expect(invoicePaymentsQuery(new URLSearchParams())).toStrictEqual({
      intent: null,
      invoice: null,
      status: null,
      limit: 10,
    });
    expect(
      invoicePaymentsQuery(
        new URLSearchParams(
          'payment[type]=payment_intent&payment[payment_intent]=pi_1&invoice=in_1&status=paid&limit=3',
        ),
      ),
    ).toStrictEqual({ intent: 'pi_1', invoice: 'in_1', status: 'paid', limit: 3 });
    expect(invoicePaymentsQuery(new URLSearchParams('payment[type]=payment_intent')).intent).toBeNull();
  });

  it('needs payment[type]=payment_intent with a PaymentIntent, and simulates no other type', () => {
    for (const query of [
      'payment[payment_intent]=pi_1',
      'payment[type]=charge&payment[payment_intent]=pi_1',
    ]) {
      expect(
        refusalOf(() => invoicePaymentsQuery(new URLSearchParams(query))),
        query,
      ).toStrictEqual({
        status: 400,
        type: 'invalid_request_error',
        message: 'payment[type] must be payment_intent with payment[payment_intent]',
        param: 'payment[type]',
      });
    }
    expect(
      refusalOf(() => invoicePaymentsQuery(new URLSearchParams('payment[type]=out_of_band_payment'))),
    ).toStrictEqual({
      status: 400,
      type: 'invalid_request_error',
      message: 'payment[type] out_of_band_payment is not simulated by the local double',
      param: 'payment[type]',
    });
    expect(
      refusalOf(() => invoicePaymentsQuery(new URLSearchParams(`payment[type]=${'t'.repeat(50)}`))).message,
    ).toBe(`payment[type] ${'t'.repeat(40)} is not simulated by the local double`);
    expect(refusalOf(() => invoicePaymentsQuery(new URLSearchParams('customer=cus_1')))).toMatchObject({
      message: 'customer is not simulated by the local double when listing invoice payments',
      param: 'customer',
    });
    expect(refusalOf(() => invoicePaymentsQuery(new URLSearchParams('limit=101'))).param).toBe('limit');
  });
});

describe('the billing routes', () => {
  it("GET /v1/subscriptions/:id: the subscription, in the request's version", async () => {
    const { h, record } = await disputedBacs();
    const id = record.subscription!.id;
    const current = await h.provider('GET', `/v1/subscriptions/${id}`);
    expect(current.status).toBe(200);
    expect(current.body).toStrictEqual(record.subscription);
    const acacia = await h.provider('GET', `/v1/subscriptions/${id}`, { 'stripe-version': ACACIA });
    const item = record.subscription!.items.data[0]!;
    expect(acacia.body).toStrictEqual({
      ...record.subscription,
      current_period_start: item.current_period_start,
      current_period_end: item.current_period_end,
    });
    expect(await h.provider('GET', '/v1/subscriptions/sub_nope')).toMatchObject(
      missing("No such subscription: 'sub_nope'", 'id'),
    );
  });

  it("GET /v1/invoices/:id: any session's invoice, in the request's version", async () => {
    const { h, record } = await disputedBacs();
    expect(record.invoices).toHaveLength(2);
    for (const invoice of record.invoices) {
      expect((await h.provider('GET', `/v1/invoices/${invoice.id}`)).body).toStrictEqual(invoice);
    }
    const [first] = record.invoices;
    const acacia = await h.provider('GET', `/v1/invoices/${first!.id}`, { 'stripe-version': ACACIA });
    expect(acacia.body.subscription).toBe(record.subscription!.id);
    expect(acacia.body.parent).toBeUndefined();
    expect(await h.provider('GET', '/v1/invoices/in_nope')).toMatchObject(
      missing("No such invoice: 'in_nope'", 'invoice'),
    );
  });

  it('GET /v1/invoice_payments: the payments of an intent or an invoice, newest first, by status and limit', async () => {
    const { h, record } = await disputedBacs();
    const [first, second] = record.charges;
    expect(record.charges).toHaveLength(2);
    const ids = async (query: string) => {
      const answer = await h.provider('GET', `/v1/invoice_payments${query}`);
      expect(answer.status, query).toBe(200);
      expect(answer.body.url).toBe('/v1/invoice_payments');
      return {
        ids: answer.body.data.map((p: { id: string }) => p.id),
        hasMore: answer.body.has_more,
        data: answer.body.data,
      };
    };
    const all = await ids('');
    expect(all.ids).toStrictEqual([second!.invoice_payment, first!.invoice_payment]);
    expect(all.hasMore).toBe(false);
    expect(all.data[1]).toMatchObject({
      object: 'invoice_payment',
      invoice: first!.invoice,
      payment: { type: 'payment_intent', payment_intent: first!.payment_intent },
      status: 'paid',
    });
    expect(
      (await ids(`?payment[type]=payment_intent&payment[payment_intent]=${first!.payment_intent}`)).ids,
    ).toStrictEqual([first!.invoice_payment]);
    expect((await ids(`?invoice=${second!.invoice}`)).ids).toStrictEqual([second!.invoice_payment]);
    expect((await ids('?status=paid')).ids).toHaveLength(2);
    expect((await ids('?status=open')).ids).toStrictEqual([]);
    const limited = await ids('?limit=1');
    expect(limited).toMatchObject({ ids: [second!.invoice_payment], hasMore: true });
    expect((await ids('?payment[type]=payment_intent&payment[payment_intent]=pi_nope')).ids).toStrictEqual(
      [],
    );
    const refused = await h.provider('GET', '/v1/invoice_payments?customer=cus_1');
    expect(refused.status).toBe(400);
  });

  it("GET /v1/disputes/:id: the bank's dispute", async () => {
    const { h, record } = await disputedBacs();
    const [dispute] = record.disputes;
    expect(dispute).toBeDefined();
    expect((await h.provider('GET', `/v1/disputes/${dispute!.id}`)).body).toStrictEqual(dispute);
    expect(
      (await h.provider('GET', `/v1/disputes/${dispute!.id}`, { 'stripe-version': ACACIA })).body,
    ).toStrictEqual(dispute);
    expect(await h.provider('GET', '/v1/disputes/du_nope')).toMatchObject(
      missing("No such dispute: 'du_nope'", 'dispute'),
    );
  });

  it('needs the key and a version it renders on every route', async () => {
    const { h, record } = await disputedBacs();
    const urls = [
      `/v1/subscriptions/${record.subscription!.id}`,
      `/v1/invoices/${record.invoices[0]!.id}`,
      '/v1/invoice_payments',
      `/v1/disputes/${record.disputes[0]!.id}`,
    ];
    for (const url of urls) {
      expect((await h.call({ method: 'GET', url })).status, url).toBe(401);
      const basil = await h.provider('GET', url, { 'stripe-version': '2025-03-31.basil' });
      if (url !== '/v1/invoice_payments') expect(basil.body.error.code, url).toBe('api_version_invalid');
    }
  });
});
