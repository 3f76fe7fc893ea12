/**
 * The agency's e-mails and the buyer's own words: a line break a buyer can type into the provider's page (ASCII or
 * Unicode: U+0085, U+2028, U+2029), in their name or e-mail, never reaches a subject (where it could forge a header)
 * and never adds a line to a body; and a character nobody sees (a format, default-ignorable or bidirectional control
 * character, a filler) never reaches the agency at all, in any of the e-mails: paid, renewal failed, unpaid,
 * cancelled, disputed, Direct Debit failed, ended after failed payments. Through the webhook, as the provider sends them.
 */
import assert from 'node:assert/strict';
import type { SentEmail } from './helpers/platform-double.ts';
import {
  bacsPurchase,
  cardDayOne,
  DAY_S,
  disputeCreated,
  FIRST_RENEWAL_S,
  firstPayment,
  newPurchase,
  type Purchase,
  providerHolds,
  renewalInvoice,
  SECOND_RENEWAL_S,
  subscription,
} from './helpers/purchase.ts';
import { eventOf } from './helpers/stripe-objects.ts';
import { withWebhook } from './helpers/webhook-setup.ts';

const LINE_BREAK = /[\r\n\v\f\u0085\u2028\u2029]/;
const BREAKS = ['\r', '\n', '\r\n', '\u000b', '\u000c', '\u0085', '\u2028', '\u2029'];

const buyer = (ch: string) =>
  newPurchase(1, {
    email: `buyer@example.com${ch}Bcc: all@example.com`,
    name: `Ann${ch}Bcc: all@example.com`,
  });

/** Every e-mail one buyer's purchases bring the agency, in the order sent. */
async function emailsFor(p: Purchase): Promise<SentEmail[]> {
  const emails: SentEmail[] = [];
  const after = (state: Parameters<typeof subscription>[1]) =>
    subscription(p, { periodStartS: FIRST_RENEWAL_S, periodEndS: SECOND_RENEWAL_S, ...state });
  const failedRenewal = eventOf(
    'invoice.payment_failed',
    renewalInvoice(p, {
      number: 2,
      periodStartS: FIRST_RENEWAL_S,
      periodEndS: SECOND_RENEWAL_S,
      status: 'open',
      attemptCount: 1,
      nextPaymentAttemptS: FIRST_RENEWAL_S + 3 * DAY_S,
      createdS: FIRST_RENEWAL_S,
    }),
    FIRST_RENEWAL_S,
  );
  // Paid by card, a renewal failed, left unpaid, disputed, then cancelled by request.
  await withWebhook(async ({ platform, provider, deliverAll, deliverAsSent }) => {
    const day = cardDayOne(p);
    providerHolds(provider, day.now, firstPayment(p, p.purchasedS));
    await deliverAsSent([day.events.completed, failedRenewal]);
    const unpaid = after({ status: 'unpaid' });
    providerHolds(provider, unpaid);
    await deliverAll([eventOf('customer.subscription.updated', unpaid, FIRST_RENEWAL_S + 14 * DAY_S)]);
    await deliverAsSent([disputeCreated(p, 'du_1test0001', 40)]);
    const ended = after({
      status: 'canceled',
      endedAtS: FIRST_RENEWAL_S + 20 * DAY_S,
      cancellationReason: 'cancellation_requested',
    });
    providerHolds(provider, ended);
    await deliverAll([eventOf('customer.subscription.deleted', ended, FIRST_RENEWAL_S + 20 * DAY_S)]);
    emails.push(...platform.emails);
  });
  // Paid by Direct Debit, which failed.
  await withWebhook(async ({ platform, provider, deliverAll }) => {
    const bacs = bacsPurchase(p);
    providerHolds(provider, bacs.failed.now);
    await deliverAll([bacs.dayOne.events.completed, bacs.failed.events.asyncFailed]);
    emails.push(...platform.emails);
  });
  // Paid by card, ended after failed payments.
  await withWebhook(async ({ platform, provider, deliverAll }) => {
    const ended = after({
      status: 'canceled',
      endedAtS: SECOND_RENEWAL_S,
      cancellationReason: 'payment_failed',
    });
    providerHolds(provider, cardDayOne(p).now, ended);
    await deliverAll([
      cardDayOne(p).events.completed,
      eventOf('customer.subscription.deleted', ended, SECOND_RENEWAL_S),
    ]);
    emails.push(...platform.emails.slice(1));
  });
  return emails;
}

Deno.test('order e-mails: a line break in a buyer value never reaches the subject or adds a body line', async () => {
  const plain = await emailsFor(buyer(''));
  assert.deepEqual(
    plain.map((email) => email.subject.split(':')[0]),
    [
      'New paid order',
      'Renewal payment failed',
      'Subscription unpaid',
      'Payment disputed',
      'Subscription cancelled',
      'Direct Debit failed',
      'Subscription ended after failed payments',
    ],
  );
  for (const ch of BREAKS) {
    const seen = JSON.stringify(ch);
    const emails = await emailsFor(buyer(ch));
    assert.equal(emails.length, plain.length, seen);
    emails.forEach((email, i) => {
      const what = `${plain[i]?.subject.split(':')[0]} with ${seen}`;
      assert.doesNotMatch(email.subject, LINE_BREAK, what);
      assert.match(email.subject, /buyer@example\.com Bcc: all@example\.com$/, what);
      const lines = email.body.split('\n');
      assert.equal(lines.length, plain[i]?.body.split('\n').length, what);
      for (const line of lines) assert.doesNotMatch(line, LINE_BREAK, what);
      assert.ok(
        lines.some((line) =>
          line.includes('Ann Bcc: all@example.com <buyer@example.com Bcc: all@example.com>'),
        ),
        `${what}: the buyer's line:\n${email.body}`,
      );
    });
  }
});

/** Characters nobody sees that passed as part of a buyer's e-mail address before one rule covered them all. */
const HIDDEN: [string, string][] = [
  ['U+061C', '\u061C'],
  ['U+00AD', '\u00AD'],
  ['U+E0041 (a tag)', '\u{E0041}'],
  ['U+3164', '\u3164'],
  ['U+180E', '\u180E'],
  ['U+2800', '\u2800'],
  ['U+034F', '\u034F'],
  ['U+FE0F', '\uFE0F'],
  ['U+200B', '\u200B'],
  ['U+202E', '\u202E'],
];

Deno.test('order e-mails: a character nobody sees, in the buyer’s address or name, never reaches the agency', async () => {
  const plain = await emailsFor(newPurchase(1, { email: 'jane@example.co.uk', name: 'Jane Doe' }));
  for (const [name, ch] of HIDDEN) {
    const emails = await emailsFor(
      newPurchase(1, { email: `ja${ch}ne@exam${ch}ple.co.uk${ch}`, name: `Ja${ch}ne ${ch}Doe` }),
    );
    assert.equal(emails.length, plain.length, name);
    emails.forEach((email, i) => {
      const what = `${plain[i]?.subject.split(':')[0]} with ${name}`;
      // What the agency reads is what the buyer would have shown without the hidden character.
      assert.equal(email.subject, plain[i]?.subject, what);
      assert.equal(email.body, plain[i]?.body, what);
      assert.ok(!`${email.subject}${email.body}`.includes(ch), what);
    });
  }
});
