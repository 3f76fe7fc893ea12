import type { FastifyInstance, FastifyReply } from 'fastify';
import type { EmulatorContext } from '../context.ts';
import { formatPounds, type Order, PACKAGES } from '../state/order-store.ts';
import { escapeHtml, sendPage } from './page-shell.ts';

const TITLE = 'Checkout';

function payBody(order: Order): string {
  const pkg = PACKAGES[order.package];
  const name = pkg ? `${pkg.name} package` : order.package;
  const price = `${formatPounds(order.setup_amount)} today, then ${formatPounds(order.monthly_amount)} per month`;
  const action = `/__harness/pay/${encodeURIComponent(order.id)}`;
  const buttons =
    order.status === 'open'
      ? `<div class="actions">
<form method="post" action="${action}/pay"><button type="submit" class="primary">Pay</button></form>
<form method="post" action="${action}/cancel"><button type="submit" class="secondary">Cancel</button></form>
</div>`
      : `<p class="error" role="alert">This checkout session is ${order.status}.</p>`;
  return `<h1>${TITLE}</h1>
<p class="note">This is the local emulator's stand-in for the payment provider. No card is asked for and nothing is charged.</p>
<p class="package">${escapeHtml(name)}</p>
<p class="price">${escapeHtml(price)}</p>
<p class="ref">Session ${escapeHtml(order.id)}</p>
${buttons}`;
}

/** The simulated payment provider page: Pay marks the order paid, Cancel cancelled, then back to the site. */
export function registerPayPage(app: FastifyInstance, ctx: EmulatorContext): void {
  const { orders } = ctx.state;
  const notFound = (reply: FastifyReply) =>
    sendPage(
      reply,
      404,
      TITLE,
      `<h1>${TITLE}</h1><p class="error" role="alert">This checkout session does not exist.</p>`,
    );

  app.get('/__harness/pay/:id', async (request, reply) => {
    const order = orders.get((request.params as { id: string }).id);
    return order ? sendPage(reply, 200, TITLE, payBody(order)) : notFound(reply);
  });

  app.post('/__harness/pay/:id/pay', async (request, reply) => {
    const order = orders.get((request.params as { id: string }).id);
    if (!order) return notFound(reply);
    if (order.status === 'cancelled') return sendPage(reply, 409, TITLE, payBody(order));
    orders.setStatus(order.id, 'paid');
    return reply.redirect(`${order.origin}/PaymentSuccess?session_id=${encodeURIComponent(order.id)}`, 303);
  });

  app.post('/__harness/pay/:id/cancel', async (request, reply) => {
    const order = orders.get((request.params as { id: string }).id);
    if (!order) return notFound(reply);
    if (order.status === 'paid') return sendPage(reply, 409, TITLE, payBody(order));
    orders.setStatus(order.id, 'cancelled');
    return reply.redirect(`${order.origin}/Pricing`, 303);
  });
}
