import type { FastifyInstance, FastifyReply } from 'fastify';
import type { EmulatorContext } from '../context.ts';
import { localHttpUrl } from '../http/local-url.ts';
import { completedSession, expiredSession } from '../payments/checkout-session.ts';
import { formatAmount } from '../payments/money.ts';
import { deliverWebhook } from '../payments/webhook-delivery.ts';
import { completedEvent } from '../payments/webhook-event.ts';
import { type CheckoutRecord, orderStatus } from '../state/order-store.ts';
import { formBodyOnly } from './form-body.ts';
import { escapeHtml, sendPage } from './page-shell.ts';

const TITLE = 'Checkout';
const SESSION_ID_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';
const MAX_EMAIL_LENGTH = 254;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The buyer's e-mail from the Pay form: empty means "as prefilled"; anything else must look like an address. */
function buyerEmail(body: unknown): { email: string | null } | { problem: string } {
  const raw = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).email : undefined;
  const email = typeof raw === 'string' ? raw.trim() : '';
  if (email === '') return { email: null };
  if (email.length > MAX_EMAIL_LENGTH || !EMAIL.test(email))
    return { problem: 'Enter a valid e-mail address.' };
  return { email };
}

/** "£799.00 today, then £199.00 per month": the one-time items' sum, then each billing period's sum. */
export function priceLine(record: CheckoutRecord): string {
  const { currency } = record.session;
  let today = 0;
  const periods = new Map<string, number>();
  for (const item of record.line_items) {
    const recurring = item.price.recurring;
    if (!recurring) {
      today += item.amount_total;
      continue;
    }
    const label =
      recurring.interval_count === 1
        ? `per ${recurring.interval}`
        : `every ${recurring.interval_count} ${recurring.interval}s`;
    periods.set(label, (periods.get(label) ?? 0) + item.amount_total);
  }
  const repeating = [...periods]
    .map(([label, amount]) => `${formatAmount(amount, currency)} ${label}`)
    .join(' and ');
  if (!repeating) return `${formatAmount(today, currency)} today`;
  return today > 0 ? `${formatAmount(today, currency)} today, then ${repeating}` : repeating;
}

function payBody(record: CheckoutRecord, problem?: string): string {
  const { session } = record;
  const status = orderStatus(record);
  const action = `/__harness/pay/${encodeURIComponent(session.id)}`;
  const items = record.line_items
    .map((item) => `<p class="package">${escapeHtml(item.description)}</p>`)
    .join('\n');
  // Like the provider's hosted page, it asks who is paying (prefilled with the session's customer_email); the
  // completed session carries it as customer_details.email.
  const buyer = `<label for="email">Email</label>
<input id="email" form="pay-form" type="email" name="email" autocomplete="email" maxlength="${MAX_EMAIL_LENGTH}" value="${escapeHtml(session.customer_email ?? '')}">`;
  const cancel = session.cancel_url
    ? `<form method="post" action="${action}/cancel"><button type="submit" class="secondary">Cancel</button></form>`
    : '';
  const buttons =
    status === 'open'
      ? `<div class="actions">
<form id="pay-form" method="post" action="${action}/pay"><button type="submit" class="primary">Pay</button></form>
${cancel}
</div>`
      : `<p class="error" role="alert">This checkout session is ${status}.</p>`;
  return `<h1>${TITLE}</h1>
<p class="note">This is the local emulator's stand-in for the payment provider. No card is asked for and nothing is charged.</p>
${problem ? `<p class="error" role="alert">${escapeHtml(problem)}</p>` : ''}
${items}
<p class="price">${escapeHtml(priceLine(record))}</p>
<p class="ref">Session ${escapeHtml(session.id)}</p>
${status === 'open' ? buyer : ''}
${buttons}`;
}

/**
 * The payment-provider double's hosted page: Pay completes the session, delivers the signed
 * `checkout.session.completed` event to the webhook function and returns to `success_url`; Cancel returns to
 * `cancel_url`. It only ever redirects to addresses on this machine.
 */
export function registerPayPage(app: FastifyInstance, ctx: EmulatorContext): void {
  const { orders } = ctx.state;
  const idOf = (params: unknown) => (params as { id: string }).id;
  const notFound = (reply: FastifyReply) =>
    sendPage(
      reply,
      404,
      TITLE,
      `<h1>${TITLE}</h1><p class="error" role="alert">This checkout session does not exist.</p>`,
    );
  const offMachine = (reply: FastifyReply, record: CheckoutRecord) =>
    sendPage(reply, 400, TITLE, payBody(record, 'This session returns to an address outside this machine.'));

  app.get('/__harness/pay/:id', async (request, reply) => {
    const record = orders.get(idOf(request.params));
    return record ? sendPage(reply, 200, TITLE, payBody(record)) : notFound(reply);
  });

  app.post('/__harness/pay/:id/pay', { preParsing: formBodyOnly }, async (request, reply) => {
    const id = idOf(request.params);
    const record = orders.get(id);
    if (!record) return notFound(reply);
    const target = localHttpUrl(record.session.success_url.split(SESSION_ID_PLACEHOLDER).join(id));
    if (!target) return offMachine(reply, record);
    const status = orderStatus(record);
    // A second press (or a reload of the form post) returns to the site without paying or notifying twice.
    if (status === 'paid') return reply.redirect(target.href, 303);
    if (status !== 'open') return sendPage(reply, 409, TITLE, payBody(record));
    const buyer = buyerEmail(request.body);
    if ('problem' in buyer) return sendPage(reply, 400, TITLE, payBody(record, buyer.problem));
    let paidNow = false;
    orders.update(id, (current) => {
      if (orderStatus(current) !== 'open') return null;
      paidNow = true;
      const session = completedSession(current.session, buyer.email);
      const event = completedEvent(session, current.api_version);
      return { ...current, session, webhook: { event_id: event.id, payload: event.payload, attempts: [] } };
    });
    if (paidNow) await deliverWebhook(ctx, id);
    return reply.redirect(target.href, 303);
  });

  app.post('/__harness/pay/:id/cancel', { preParsing: formBodyOnly }, async (request, reply) => {
    const id = idOf(request.params);
    const record = orders.get(id);
    if (!record) return notFound(reply);
    const target = record.session.cancel_url ? localHttpUrl(record.session.cancel_url) : null;
    if (!target) return offMachine(reply, record);
    const status = orderStatus(record);
    if (status === 'paid' || status === 'expired') return sendPage(reply, 409, TITLE, payBody(record));
    orders.update(id, (current) =>
      orderStatus(current) === 'open'
        ? { ...current, cancelled: true, session: expiredSession(current.session) }
        : null,
    );
    return reply.redirect(target.href, 303);
  });
}
