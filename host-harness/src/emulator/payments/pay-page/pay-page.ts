import type { FastifyInstance, FastifyReply } from 'fastify';
import { localHttpUrl } from '../../core/http/local-url.ts';
import { nowSeconds } from '../../core/ids.ts';
import { formBodyOnly } from '../../core/pages/form-body.ts';
import { sendPage } from '../../core/pages/page-shell.ts';
import { completeCheckout } from '../checkout/checkout-completion.ts';
import { expiredSession } from '../checkout/checkout-session.ts';
import type { CheckoutRecord } from '../checkout/checkout-session-store.ts';
import { chosenMethod } from '../checkout/payment-methods.ts';
import type { PaymentsContext } from '../checkout/payments-context.ts';
import { sessionStatus } from '../control/session-summary.ts';
import { MAX_EMAIL_LENGTH, methodsOf, payBody, TITLE } from './pay-page-view.ts';

const SESSION_ID_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function formField(body: unknown, name: string): unknown {
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
}

/** The buyer's e-mail from the Pay form: empty means "as prefilled"; anything else must look like an address. */
function buyerEmail(body: unknown): { email: string | null } | { problem: string } {
  const raw = formField(body, 'email');
  const email = typeof raw === 'string' ? raw.trim() : '';
  if (email === '') return { email: null };
  if (email.length > MAX_EMAIL_LENGTH || !EMAIL.test(email))
    return { problem: 'Enter a valid e-mail address.' };
  return { email };
}

/**
 * The payment-provider double's hosted page: Pay completes the session with the chosen method (a card pays at once, a
 * Direct Debit completes unpaid and settles later through the control API), stores and delivers the provider's events
 * to the webhook function, then returns to `success_url`; Cancel returns to `cancel_url`. It only ever redirects to
 * addresses on this machine.
 */
export function registerPayPage(app: FastifyInstance, ctx: PaymentsContext): void {
  const sessions = ctx.state.checkoutSessions;
  const idOf = (params: unknown) => (params as { id: string }).id;
  const page = (reply: FastifyReply, status: number, record: CheckoutRecord, problem?: string) =>
    sendPage(reply, status, TITLE, payBody(record, nowSeconds(), problem));
  const notFound = (reply: FastifyReply) =>
    sendPage(
      reply,
      404,
      TITLE,
      `<h1>${TITLE}</h1><p class="error" role="alert">This checkout session does not exist.</p>`,
    );
  const offMachine = (reply: FastifyReply, record: CheckoutRecord) =>
    page(reply, 400, record, 'This session returns to an address outside this machine.');

  app.get('/__harness/pay/:id', async (request, reply) => {
    const record = sessions.get(idOf(request.params));
    return record ? page(reply, 200, record) : notFound(reply);
  });

  app.post('/__harness/pay/:id/pay', { preParsing: formBodyOnly }, async (request, reply) => {
    const id = idOf(request.params);
    const record = sessions.get(id);
    if (!record) return notFound(reply);
    const target = localHttpUrl((record.session.success_url ?? '').split(SESSION_ID_PLACEHOLDER).join(id));
    if (!target) return offMachine(reply, record);
    const status = sessionStatus(record);
    // A second press (or a reload of the form post) returns to the site without paying or notifying twice.
    if (status === 'paid' || status === 'pending' || status === 'failed')
      return reply.redirect(target.href, 303);
    if (status !== 'open') return page(reply, 409, record);
    const buyer = buyerEmail(request.body);
    if ('problem' in buyer) return page(reply, 400, record, buyer.problem);
    const method = chosenMethod(formField(request.body, 'payment_method'), methodsOf(record));
    if (!method) return page(reply, 400, record, 'Choose a way to pay.');
    await ctx.payments.apply(id, (current) =>
      sessionStatus(current) === 'open'
        ? completeCheckout(current, { method, email: buyer.email }, nowSeconds())
        : null,
    );
    return reply.redirect(target.href, 303);
  });

  app.post('/__harness/pay/:id/cancel', { preParsing: formBodyOnly }, async (request, reply) => {
    const id = idOf(request.params);
    const record = sessions.get(id);
    if (!record) return notFound(reply);
    const target = record.session.cancel_url ? localHttpUrl(record.session.cancel_url) : null;
    if (!target) return offMachine(reply, record);
    if (sessionStatus(record) !== 'open' && sessionStatus(record) !== 'cancelled')
      return page(reply, 409, record);
    sessions.update(id, (current) =>
      sessionStatus(current) === 'open'
        ? { ...current, cancelled: true, session: expiredSession(current.session) }
        : null,
    );
    return reply.redirect(target.href, 303);
  });
}
