/**
 * The order e-mail's own cleaning (issue 23, finding 2): no line break a buyer can type (ASCII or Unicode: U+0085,
 * U+2028, U+2029) reaches the subject or adds a line to the body, whatever field it came in.
 */
import assert from 'node:assert/strict';
import { paidOrderEmail } from '../../base44/functions/stripeWebhook/order-email.ts';
import type { PaidOrder } from '../../base44/functions/stripeWebhook/paid-order.ts';

const LINE_BREAK = /[\r\n\v\f\u0085\u2028\u2029]/;
const order = (ch: string): PaidOrder => ({
  session_id: `cs_test_1${ch}x`,
  customer_email: `buyer@example.com${ch}Bcc: all@example.com`,
  package: `gold${ch}x`,
  amount_total: 99_800,
  currency: 'gbp',
  status: 'paid',
  paid_at: '2026-11-25T12:00:00.000Z',
  email_sent: false,
});

Deno.test('paidOrderEmail: a line break in a buyer value never reaches the subject or adds a body line', () => {
  const plainLines = paidOrderEmail(order(''), 'agency@example.com', 'Ann').body.split('\n').length;
  for (const ch of ['\r', '\n', '\r\n', '\u000b', '\u000c', '\u0085', '\u2028', '\u2029']) {
    const email = paidOrderEmail(order(ch), 'agency@example.com', `Ann${ch}Bcc: all@example.com`);
    const seen = JSON.stringify(ch);
    assert.doesNotMatch(email.subject, LINE_BREAK, `subject with ${seen}`);
    assert.match(email.subject, /from buyer@example\.com Bcc: all@example\.com$/, `subject with ${seen}`);
    const lines = email.body.split('\n');
    assert.equal(lines.length, plainLines, `body with ${seen}`);
    for (const line of lines) assert.doesNotMatch(line, LINE_BREAK, `body line with ${seen}`);
  }
});
