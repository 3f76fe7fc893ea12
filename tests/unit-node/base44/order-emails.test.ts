/**
 * The agency's e-mails about an order: amounts as the provider writes them (£1,048.00), UK dates, one line per fact,
 * and nothing the buyer typed can break a header or read otherwise than it is (no control, bidirectional or zero-width
 * character; a subject never longer than the mail service takes).
 */
import { describe, expect, it } from 'vitest';
import {
  cancellationEmail,
  directDebitFailedEmail,
  disputeEmail,
  endedUnpaidEmail,
  MAX_SUBJECT,
  money,
  paidEmail,
  renewalFailedEmail,
  ukDate,
  unpaidEmail,
} from '../../../base44/functions/stripeWebhook/order-emails.ts';
import type { OrderFields } from '../../../base44/functions/stripeWebhook/order-record.ts';
import { MONTHLY_PENCE, MONTHLY_TEXT, SETUP_PENCE, SETUP_TEXT } from '../../support/spec-figures.ts';

const TO = 'hello@example.co.uk';
const ORDER: OrderFields = {
  subscription_id: 'sub_1',
  status: 'paid',
  session_id: 'cs_test_1',
  customer_email: 'jane@example.co.uk',
  customer_name: 'Jane Doe',
  package: 'gold',
  amount_total: SETUP_PENCE,
  monthly_amount: MONTHLY_PENCE,
  currency: 'gbp',
  first_renewal_at: '2027-02-28T10:00:00.000Z',
  paid_at: '2027-01-31T10:00:00.000Z',
};
const DISPUTE = {
  id: 'du_1',
  amount: SETUP_PENCE,
  currency: 'gbp',
  reason: 'debit_not_authorized',
  created_at: '2027-03-01T00:00:00.000Z',
};

describe('amounts and dates', () => {
  it('write pounds with a thousands separator and pence, as the provider does', () => {
    expect(money(1_234_500)).toBe('£12,345.00');
    expect(money(SETUP_PENCE, 'gbp')).toBe(SETUP_TEXT);
    expect(money(1_000_000_00, 'GBP')).toBe('£1,000,000.00');
    expect(money(500, 'eur')).toBe('€5.00');
  });

  it('write UK dates on the UK calendar', () => {
    expect(ukDate('2027-02-28T10:00:00.000Z')).toBe('28 February 2027');
    // 23:30 UTC on 30 April is 00:30 on 1 May in London.
    expect(ukDate(Date.UTC(2026, 3, 30, 23, 30) / 1000)).toBe('1 May 2026');
  });
});

describe('the e-mails', () => {
  it('paid: who, what, today’s amount and the monthly fee from its first date', () => {
    expect(paidEmail(ORDER, TO)).toStrictEqual({
      to: TO,
      subject: `New paid order: Gold package, ${SETUP_TEXT} today from jane@example.co.uk`,
      body: [
        'A new order has been paid on the website.',
        '',
        'Paid by: Jane Doe <jane@example.co.uk>',
        'Package: Gold',
        `Paid today: ${SETUP_TEXT} (the one-time setup)`,
        `Then: ${MONTHLY_TEXT} per month from 28 February 2027`,
        'Checkout session: cs_test_1',
        'Subscription: sub_1',
        'Paid at: 2027-01-31T10:00:00.000Z',
        '',
      ].join('\n'),
    });
  });

  it('paid, knowing little: says what it does not know', () => {
    const email = paidEmail({ subscription_id: 'sub_1', status: 'paid' }, TO);
    expect(email.subject).toBe('New paid order: a package, amount not given today from a customer');
    expect(email.body).toContain('Paid by: not given');
    expect(email.body).not.toContain('Checkout session:');
    expect(email.body).not.toContain('Then:');
  });

  it('a Direct Debit that failed, a renewal that failed, the ends, a dispute', () => {
    expect(directDebitFailedEmail({ ...ORDER, status: 'failed' }, TO).subject).toBe(
      `Direct Debit failed: Gold package, ${SETUP_TEXT} from jane@example.co.uk`,
    );
    const renewal = renewalFailedEmail(ORDER, TO, {
      invoiceId: 'in_2',
      amount: MONTHLY_PENCE,
      currency: 'gbp',
      dueS: Date.UTC(2027, 1, 28, 11) / 1000,
      nextAttemptS: Date.UTC(2027, 2, 2, 11) / 1000,
    });
    expect(renewal.subject).toBe(
      `Renewal payment failed: Gold package, ${MONTHLY_TEXT} from jane@example.co.uk`,
    );
    expect(renewal.body).toContain(`The monthly payment of ${MONTHLY_TEXT} due on 28 February 2027 failed.`);
    expect(renewal.body).toContain('The payment provider tries again on 2 March 2027.');
    expect(cancellationEmail(ORDER, TO, '2027-03-28T10:00:00.000Z').body).toContain(
      'The monthly subscription was cancelled. It ends on 28 March 2027 and does not renew.',
    );
    expect(cancellationEmail(ORDER, TO, null).body).toContain('It does not renew.');
    expect(endedUnpaidEmail({ ...ORDER, ended_at: '2027-03-14T11:00:00.000Z' }, TO).body).toContain(
      'The monthly subscription has ended (14 March 2027)',
    );
    expect(unpaidEmail(ORDER, TO).subject).toBe('Subscription unpaid: Gold package of jane@example.co.uk');
    const disputed = disputeEmail(ORDER, TO, DISPUTE);
    expect(disputed.subject).toBe(`Payment disputed: ${SETUP_TEXT} of Gold package from jane@example.co.uk`);
    expect(disputed.body).toContain('final and cannot be contested');
  });
});

describe('what the buyer typed', () => {
  it('cannot break a line, hide text or reorder it', () => {
    const hostile: OrderFields = {
      ...ORDER,
      customer_email: 'jane\r\nBcc: x@evil.example@example.co.uk',
      customer_name: 'Jane\u0085Doe\u202e',
      package: 'go\u200bld\u2028x',
    };
    const email = paidEmail(hostile, TO);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: looking for control characters is the point.
    const hidden = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/;
    expect(email.subject).not.toMatch(hidden);
    expect(email.subject).toBe(
      `New paid order: Gold x package, ${SETUP_TEXT} today from jane Bcc: x@evil.example@example.co.uk`,
    );
    for (const line of email.body.split('\n')) expect(line).not.toMatch(hidden);
    expect(email.body).toContain('Paid by: Jane Doe <jane Bcc: x@evil.example@example.co.uk>');
  });

  it('a long package name or address shortens the line and keeps the subject within the mail service’s limit', () => {
    const long = paidEmail(
      { ...ORDER, package: 'p'.repeat(500), customer_email: `${'a'.repeat(480)}@example.co.uk` },
      TO,
    );
    expect(long.subject.length).toBeLessThanOrEqual(MAX_SUBJECT);
    expect(long.subject.endsWith('…')).toBe(true);
    expect(long.body).toMatch(/^Package: Pp{118}…$/m);
    expect(MAX_SUBJECT).toBe(200);
  });
});

describe('each e-mail, line by line', () => {
  const REFERENCES = ['Checkout session: cs_test_1', 'Subscription: sub_1'];
  const lines = (...body: string[]) => `${body.join('\n')}\n`;

  it('a Direct Debit that failed', () => {
    expect(
      directDebitFailedEmail({ ...ORDER, status: 'failed', failed_at: '2027-02-09T10:00:00.000Z' }, TO),
    ).toStrictEqual({
      to: TO,
      subject: `Direct Debit failed: Gold package, ${SETUP_TEXT} from jane@example.co.uk`,
      body: lines(
        'A Bacs Direct Debit for a new order has failed: the buyer has not paid, and the subscription will not start.',
        '',
        'Buyer: Jane Doe <jane@example.co.uk>',
        'Package: Gold',
        `Amount that failed: ${SETUP_TEXT}`,
        ...REFERENCES,
        'Failed at: 2027-02-09T10:00:00.000Z',
      ),
    });
    const bare = directDebitFailedEmail({ subscription_id: 'sub_1', status: 'failed' }, TO);
    expect(bare.subject).toBe('Direct Debit failed: a package, the first payment from a customer');
    expect(bare.body).toBe(
      lines(
        'A Bacs Direct Debit for a new order has failed: the buyer has not paid, and the subscription will not start.',
        '',
        'Buyer: not given',
        'Package: not given',
        'Amount that failed: the first payment',
        'Subscription: sub_1',
      ),
    );
  });

  it('a renewal that failed, retried or not', () => {
    const renewal = {
      invoiceId: 'in_2',
      amount: MONTHLY_PENCE,
      currency: 'gbp',
      dueS: Date.UTC(2027, 1, 28, 11) / 1000,
      nextAttemptS: null,
    };
    expect(renewalFailedEmail(ORDER, TO, renewal).body).toBe(
      lines(
        `The monthly payment of ${MONTHLY_TEXT} due on 28 February 2027 failed. The subscription is past due.`,
        'The payment provider will not try again by itself (a Direct Debit is not retried); contact the buyer.',
        '',
        'Buyer: Jane Doe <jane@example.co.uk>',
        'Package: Gold',
        'Invoice: in_2',
        ...REFERENCES,
      ),
    );
  });

  it('a cancellation, an end after failed payments, an unpaid subscription', () => {
    const tail = ['', 'Buyer: Jane Doe <jane@example.co.uk>', 'Package: Gold', ...REFERENCES];
    expect(cancellationEmail(ORDER, TO, null)).toStrictEqual({
      to: TO,
      subject: 'Subscription cancelled: Gold package of jane@example.co.uk',
      body: lines('The monthly subscription was cancelled. It does not renew.', ...tail),
    });
    expect(endedUnpaidEmail(ORDER, TO)).toStrictEqual({
      to: TO,
      subject: 'Subscription ended after failed payments: Gold package of jane@example.co.uk',
      body: lines(
        "The monthly subscription has ended: its payment kept failing and the payment provider stopped trying, as the account's settings say.",
        ...tail,
      ),
    });
    expect(endedUnpaidEmail({ ...ORDER, ended_at: '2027-03-14T11:00:00.000Z' }, TO).body).toBe(
      lines(
        "The monthly subscription has ended (14 March 2027): its payment kept failing and the payment provider stopped trying, as the account's settings say.",
        ...tail,
      ),
    );
    expect(unpaidEmail(ORDER, TO).body).toBe(
      lines(
        'The monthly payment kept failing and the payment provider stopped trying. The subscription is marked unpaid: it stays, but no further payment is attempted until the buyer pays.',
        ...tail,
      ),
    );
  });

  it('a dispute', () => {
    const disputed = disputeEmail(ORDER, TO, DISPUTE);
    expect(disputed.body).toBe(
      lines(
        `The buyer's bank has taken back a payment of ${SETUP_TEXT} (reason: debit_not_authorized). The amount has been deducted from the account's balance.`,
        "A Bacs Direct Debit dispute is final and cannot be contested: contact the buyer to settle it. A card dispute can be answered with evidence in the payment provider's dashboard.",
        '',
        'Buyer: Jane Doe <jane@example.co.uk>',
        'Package: Gold',
        'Dispute: du_1',
        ...REFERENCES,
      ),
    );
  });
});

describe('what the order knows', () => {
  const body = (fields: Partial<OrderFields>) =>
    paidEmail({ subscription_id: 'sub_1', status: 'paid', ...fields }, TO).body.split('\n');

  it('the buyer: name and address, either alone, or not given', () => {
    expect(body({ customer_email: 'jane@example.co.uk' })).toContain('Paid by: jane@example.co.uk');
    expect(body({ customer_name: 'Jane Doe' })).toContain('Paid by: Jane Doe');
    expect(body({ customer_name: ' \tJane Doe\n', customer_email: ' jane@example.co.uk ' })).toContain(
      'Paid by: Jane Doe <jane@example.co.uk>',
    );
  });

  it('the monthly fee, with or without its first date', () => {
    expect(body({ first_renewal_at: '2027-02-28T10:00:00.000Z' })).toContain(
      'Then: The monthly fee from 28 February 2027',
    );
    expect(body({ monthly_amount: MONTHLY_PENCE })).toContain(`Then: ${MONTHLY_TEXT} per month`);
  });

  it('no line for what it does not know, and no reference but the subscription', () => {
    expect(body({})).toStrictEqual([
      'A new order has been paid on the website.',
      '',
      'Paid by: not given',
      'Package: not given',
      'Paid today: amount not given (the one-time setup)',
      'Subscription: sub_1',
      '',
    ]);
  });
});

describe('lengths and currencies', () => {
  it('a value of 120 characters is quoted whole; one more is shortened to 120 with an ellipsis', () => {
    const quoted = (name: string) =>
      paidEmail({ ...ORDER, customer_email: undefined, customer_name: name }, TO)
        .body.split('\n')
        .find((line) => line.startsWith('Paid by: '));
    expect(quoted('n'.repeat(120))).toBe(`Paid by: ${'n'.repeat(120)}`);
    expect(quoted('n'.repeat(121))).toBe(`Paid by: ${'n'.repeat(119)}…`);
  });

  it('a subject of 200 characters is sent whole; one more is shortened to 200', () => {
    const subjectOf = (length: number) => {
      // "New paid order: P package, £799.00 today from " and a 100-character address, P as long as it takes.
      const email = `${'a'.repeat(95)}@x.uk`;
      const fixed = `New paid order:  package, ${SETUP_TEXT} today from ${email}`.length;
      return paidEmail({ ...ORDER, package: 'p'.repeat(length - fixed), customer_email: email }, TO).subject;
    };
    expect(subjectOf(MAX_SUBJECT)).toHaveLength(MAX_SUBJECT);
    expect(subjectOf(MAX_SUBJECT).endsWith('@x.uk')).toBe(true);
    expect(subjectOf(MAX_SUBJECT + 1)).toHaveLength(MAX_SUBJECT);
    expect(subjectOf(MAX_SUBJECT + 1).endsWith('…')).toBe(true);
  });

  it('a currency code Intl does not know is written as the provider’s code, upper case, at most 8 letters', () => {
    expect(money(1_234_567, 'notacurrency')).toBe('12345.67 NOTACURR');
    expect(money(500, 'xy')).toBe('5.00 XY');
  });
});
