/**
 * The double's hosted page: Pay completes the session with the chosen method, stores and delivers its events, then
 * returns to `success_url`; Cancel returns to `cancel_url` (README.md, "The pay page").
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { formBodyRefusal } from '../../src/serving/form-body.ts';
import { type PagePolicy, sendPage } from '../../src/serving/page-shell.ts';
import { emailAddress } from '../api/checkout-rules.ts';
import { BillingConflict } from '../billing/subscription-ledger.ts';
import { cancelOnPage, completeCheckout } from '../checkout/checkout-completion.ts';
import type { CheckoutRecord } from '../checkout/checkout-session-store.ts';
import type { PaymentsContext } from '../checkout/payment-engine.ts';
import { sessionStatus } from '../checkout/session-status.ts';
import { badRequest } from '../server/control-error.ts';
import { MAX_EMAIL_LENGTH, methodsOf, payBody, TITLE } from './pay-page-view.ts';

const SESSION_ID_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';
/** The Pay form's e-mail field (and the parameter named when the address is checked as the API checks it). */
const EMAIL_FIELD = 'email';

/** `preParsing` hook of Pay and Cancel: a body other than the form's own is a 400 before it is read. */
export async function formBodyOnly(request: FastifyRequest): Promise<void> {
  const problem = formBodyRefusal(request.headers);
  if (problem) throw badRequest(problem, 'invalid_body');
}

/** A field of the posted form (none without a body). */
const formField = (body: unknown, name: string) =>
  (body as Record<string, unknown> | null | undefined)?.[name];

/** The buyer's e-mail from the Pay form: empty is the prefilled one (required without), else as the API checks it. */
function buyerEmail(body: unknown, prefilled: string | null): string | { problem: string } {
  const raw = formField(body, EMAIL_FIELD);
  const email = typeof raw === 'string' ? raw.trim() : '';
  if (email === '') return prefilled ?? { problem: 'Enter your e-mail address.' };
  try {
    // Not empty here, so an address or a throw (never null).
    if (email.length <= MAX_EMAIL_LENGTH) return emailAddress(email, EMAIL_FIELD) as string;
  } catch {}
  return { problem: 'Enter a valid e-mail address.' };
}

/** The method the buyer chose: one the session offers, else null; none given (a tool's post) is the first offered. */
const chosenMethod = (value: unknown, offered: readonly string[]) =>
  value === undefined || value === ''
    ? (offered[0] ?? null)
    : offered.includes(value as string)
      ? value
      : null;

export function registerPayPage(app: FastifyInstance, ctx: PaymentsContext): void {
  const { payments } = ctx;
  // The page is never framed by another origin (a nearly transparent frame could have a visitor press Pay), and its
  // forms lead only back to the site.
  const policy: PagePolicy = { formTargets: payments.returnOrigins, frameAncestors: [] };
  const idOf = (params: unknown) => (params as { id: string }).id;
  const page = (reply: FastifyReply, status: number, record: CheckoutRecord, problem?: string) =>
    sendPage(reply, status, TITLE, payBody(record, payments.now(), problem), policy);
  const missing = `<h1>${TITLE}</h1><p class="error" role="alert">This checkout session does not exist.</p>`;
  const notFound = (reply: FastifyReply) => sendPage(reply, 404, TITLE, missing, policy);
  /** An address on the site the harness serves (sessions are created with no other), else null. */
  const siteUrl = (raw: string | null | undefined) => {
    const url = URL.canParse(raw ?? '') ? new URL(raw!) : null;
    return url && payments.returnOrigins.includes(url.origin) && !url.username && !url.password ? url : null;
  };
  const offSite = (reply: FastifyReply, record: CheckoutRecord) =>
    page(reply, 400, record, "This session returns to an address outside the site's origin.");
  app.get('/__harness/pay/:id', async (request, reply) => {
    const record = await payments.current(idOf(request.params));
    return record ? page(reply, 200, record) : notFound(reply);
  });
  app.post('/__harness/pay/:id/pay', { preParsing: formBodyOnly }, async (request, reply) => {
    const id = idOf(request.params);
    const record = await payments.current(id);
    if (!record) return notFound(reply);
    const target = siteUrl(record.session.success_url?.split(SESSION_ID_PLACEHOLDER).join(id));
    if (!target) return offSite(reply, record);
    const status = sessionStatus(record);
    // A second press (or a reload of the form post) returns to the site without paying or notifying twice.
    if (status === 'paid' || status === 'pending' || status === 'failed')
      return reply.redirect(target.href, 303);
    if (status !== 'open') return page(reply, 409, record);
    const buyer = buyerEmail(request.body, record.session.customer_email);
    if (typeof buyer !== 'string') return page(reply, 400, record, buyer.problem);
    const method = chosenMethod(formField(request.body, 'payment_method'), methodsOf(record));
    if (method !== 'card' && method !== 'bacs_debit') return page(reply, 400, record, 'Choose a way to pay.');
    try {
      await payments.apply(id, (current, nowS) =>
        completeCheckout(current, { method, email: buyer }, nowS, payments.settings()),
      );
    } catch (error) {
      if (error instanceof BillingConflict) return page(reply, 400, record, error.message);
      throw error;
    }
    return reply.redirect(target.href, 303);
  });
  app.post('/__harness/pay/:id/cancel', { preParsing: formBodyOnly }, async (request, reply) => {
    const id = idOf(request.params);
    const record = await payments.current(id);
    if (!record) return notFound(reply);
    const target = siteUrl(record.session.cancel_url);
    if (!target) return offSite(reply, record);
    const status = sessionStatus(record);
    if (status !== 'open' && status !== 'cancelled') return page(reply, 409, record);
    await payments.apply(id, (current, nowS) => cancelOnPage(current, nowS));
    return reply.redirect(target.href, 303);
  });
}
