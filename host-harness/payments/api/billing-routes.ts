/**
 * A subscription's objects as a webhook handler fetches them: the subscription, an invoice, the invoice payments that
 * name a PaymentIntent (how a dispute leads to its invoice), and a dispute.
 */
import type { FastifyInstance } from 'fastify';
import { invoicePayment } from '../billing/payment-objects.ts';
import type { PaymentsContext } from '../checkout/payment-engine.ts';
import { renderObject } from '../webhooks/event-versions.ts';
import { describedGet, limitOf, list, notFound, onlyQuery, queryOf } from './api-request.ts';
import { invalidRequest } from './provider-error.ts';

/** The filters of `GET /v1/invoice_payments` (null: not given); `payment[type]` can only be `payment_intent`. */
export function invoicePaymentsQuery(query: URLSearchParams) {
  onlyQuery(
    query,
    ['invoice', 'payment[type]', 'payment[payment_intent]', 'status', 'limit'],
    'invoice payments',
  );
  const type = query.get('payment[type]');
  const intent = query.get('payment[payment_intent]');
  if (intent !== null && type !== 'payment_intent')
    throw invalidRequest(
      'payment[type] must be payment_intent with payment[payment_intent]',
      'payment[type]',
    );
  if (type !== null && type !== 'payment_intent')
    throw invalidRequest(
      `payment[type] ${type.slice(0, 40)} is not simulated by the local double`,
      'payment[type]',
    );
  return { intent, invoice: query.get('invoice'), status: query.get('status'), limit: limitOf(query) };
}

export function registerBillingRoutes(scope: FastifyInstance, { state, payments }: PaymentsContext) {
  const version = () => payments.settings().defaultApiVersion;
  const records = () => state.checkoutSessions.all();
  describedGet(
    scope,
    'GET /v1/subscriptions/{subscription_exposed_id}',
    version,
    ({ params: { id } }, at) => {
      const subscription = state.checkoutSessions.bySubscription(id)?.subscription;
      if (!subscription) throw notFound('subscription', id, 'id');
      return renderObject(subscription, at);
    },
  );
  describedGet(scope, 'GET /v1/invoices/{invoice}', version, ({ params: { id } }, at) => {
    const invoice = records()
      .flatMap((record) => record.invoices)
      .find((candidate) => candidate.id === id);
    if (!invoice) throw notFound('invoice', id, 'invoice');
    return renderObject(invoice, at);
  });
  describedGet(scope, 'GET /v1/invoice_payments', version, (request) => {
    const { intent, invoice, status, limit } = invoicePaymentsQuery(queryOf(request));
    const found = records()
      .flatMap((record) => record.charges)
      .filter((charge) => intent === null || charge.payment_intent === intent)
      .filter((charge) => invoice === null || charge.invoice === invoice)
      .map(invoicePayment)
      .filter((payment) => status === null || payment.status === status)
      .reverse();
    return list('/v1/invoice_payments', found.slice(0, limit), found.length > limit);
  });
  describedGet(scope, 'GET /v1/disputes/{dispute}', version, ({ params: { id } }, at) => {
    const dispute = records()
      .flatMap((record) => record.disputes)
      .find((candidate) => candidate.id === id);
    if (!dispute) throw notFound('dispute', id, 'dispute');
    return renderObject(dispute, at);
  });
}
