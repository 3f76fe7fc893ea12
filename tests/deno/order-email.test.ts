/**
 * The order e-mails' own cleaning (issue 23, finding 2): no line break a buyer can type (ASCII or Unicode: U+0085,
 * U+2028, U+2029) reaches a subject or adds a line to a body, whatever field it came in, in any of the agency's
 * e-mails (paid, Direct Debit failed, renewal failed, cancelled).
 */
import assert from 'node:assert/strict';
import {
  cancellationEmail,
  directDebitFailedEmail,
  paidEmail,
  renewalFailedEmail,
} from '../../base44/functions/stripeWebhook/order-emails.ts';
import type { OrderFields } from '../../base44/functions/stripeWebhook/order-record.ts';
import type { OrderEmail } from '../../base44/functions/stripeWebhook/orders.ts';

const LINE_BREAK = /[\r\n\v\f\u0085\u2028\u2029]/;
const order = (ch: string): OrderFields => ({
  session_id: `cs_test_1${ch}x`,
  customer_email: `buyer@example.com${ch}Bcc: all@example.com`,
  package: `gold${ch}x`,
  amount_total: 79_900,
  monthly_amount: 19_900,
  first_renewal_at: '2027-02-28T09:50:00.000Z',
  currency: 'gbp',
  status: 'paid',
  paid_at: '2026-11-25T12:00:00.000Z',
});
const renewal = (ch: string) => ({
  invoiceId: `in_1${ch}x`,
  amount: 19_900,
  currency: 'gbp',
  dueS: 1_803_808_200,
  nextAttemptS: null,
});

const emails: [string, (ch: string) => OrderEmail][] = [
  ['paid', (ch) => paidEmail(order(ch), 'agency@example.com', `Ann${ch}Bcc: all@example.com`)],
  ['Direct Debit failed', (ch) => directDebitFailedEmail(order(ch), 'agency@example.com')],
  ['renewal failed', (ch) => renewalFailedEmail(order(ch), 'agency@example.com', renewal(ch))],
  ['cancelled', (ch) => cancellationEmail(order(ch), 'agency@example.com', 1_803_808_200)],
];

for (const [name, build] of emails) {
  Deno.test(`order e-mail (${name}): a line break in a buyer value never reaches the subject or adds a body line`, () => {
    const plainLines = build('').body.split('\n').length;
    for (const ch of ['\r', '\n', '\r\n', '\u000b', '\u000c', '\u0085', '\u2028', '\u2029']) {
      const email = build(ch);
      const seen = JSON.stringify(ch);
      assert.doesNotMatch(email.subject, LINE_BREAK, `subject with ${seen}`);
      assert.match(email.subject, /buyer@example\.com Bcc: all@example\.com$/, `subject with ${seen}`);
      const lines = email.body.split('\n');
      assert.equal(lines.length, plainLines, `body with ${seen}`);
      for (const line of lines) assert.doesNotMatch(line, LINE_BREAK, `body line with ${seen}`);
    }
  });
}
