/** The "new paid order" e-mail to the agency: who paid, for what, how much (as £), and the session to look up. */
import type { PaidOrder } from './paid-order.ts';

export interface OrderEmail {
  to: string;
  subject: string;
  body: string;
}

export function paidOrderEmail(order: PaidOrder, to: string, customerName?: string | null): OrderEmail {
  const money = moneyFormatter(order.currency);
  const packageName = order.package ? capitalise(clean(order.package)) : undefined;
  const payer = describePayer(order.customer_email, customerName);
  const total = order.amount_total === undefined ? 'amount not given' : money(order.amount_total);
  const lines = [
    'A new order has been paid on the website.',
    '',
    `Paid by: ${payer}`,
    `Package: ${packageName ?? 'not given'}`,
    `Paid today: ${total}`,
  ];
  if (order.setup_amount !== undefined) lines.push(`  One-time setup: ${money(order.setup_amount)}`);
  if (order.monthly_amount !== undefined) {
    lines.push(`  First month: ${money(order.monthly_amount)}`);
    lines.push(`Then: ${money(order.monthly_amount)} per month`);
  }
  lines.push(`Checkout session: ${clean(order.session_id)}`, `Paid at: ${order.paid_at}`);
  return {
    to,
    subject: `New paid order: ${packageName ? `${packageName} package` : 'a package'}, ${total} from ${order.customer_email ? clean(order.customer_email) : 'a customer'}`,
    body: `${lines.join('\n')}\n`,
  };
}

function moneyFormatter(currency = 'gbp'): (minorUnits: number) => string {
  const format = new Intl.NumberFormat('en-GB', { style: 'currency', currency: currency.toUpperCase() });
  return (minorUnits) => format.format(minorUnits / 100);
}

function describePayer(email?: string, name?: string | null): string {
  if (email && name) return `${clean(name)} <${clean(email)}>`;
  if (email) return clean(email);
  if (name) return clean(name);
  return 'not given';
}

/** Values come from the buyer; no control characters (a line break could forge a header line in the subject). */
function clean(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point.
  return value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();
}

function capitalise(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}
