/**
 * The agency's e-mails about an order, word for word: what each says with everything known and with little known,
 * amounts in the order's currency (pounds when it names none), dates as a UK reader in London writes them, and buyer
 * values with control characters and line separators turned into single spaces.
 */
import { describe, expect, it } from 'vitest';
import {
  cancellationEmail,
  directDebitFailedEmail,
  paidEmail,
  renewalFailedEmail,
  ukDate,
} from '../../../base44/functions/stripeWebhook/order-emails.ts';
import type { OrderFields } from '../../../base44/functions/stripeWebhook/order-record.ts';
import { PURCHASE_SESSION_FIELDS } from '../../support/purchase-records.ts';

const AGENCY = 'hello@example.co.uk';
const lines = (...text: string[]) => `${text.join('\n')}\n`;

const ORDER: OrderFields = {
  ...PURCHASE_SESSION_FIELDS,
  status: 'paid',
  paid_at: '2027-01-31T10:00:00.000Z',
};
const BARE: OrderFields = { session_id: 'cs_bare', status: 'paid' };

describe('ukDate', () => {
  it('writes the day in London, from Unix seconds or an ISO time', () => {
    expect(ukDate(Date.UTC(2026, 2, 2, 12) / 1000)).toBe('2 March 2026');
    expect(ukDate('2027-02-28T09:50:00.000Z')).toBe('28 February 2027');
    // 23:30 UTC on 30 June is 00:30 on 1 July in London (summer time); in January London is on UTC.
    expect(ukDate('2027-06-30T23:30:00.000Z')).toBe('1 July 2027');
    expect(ukDate(Date.UTC(2027, 0, 31, 23, 30) / 1000)).toBe('31 January 2027');
  });
});

describe('paidEmail', () => {
  it('says what was paid today, what follows monthly and from when', () => {
    expect(paidEmail(ORDER, AGENCY, 'Jane Doe')).toStrictEqual({
      to: AGENCY,
      subject: 'New paid order: Gold package, £799.00 today from jane@example.co.uk',
      body: lines(
        'A new order has been paid on the website.',
        '',
        'Paid by: Jane Doe <jane@example.co.uk>',
        'Package: Gold',
        'Paid today: £799.00 (the one-time setup)',
        'Then: £199.00 per month from 28 February 2027',
        'Checkout session: cs_test_paid_1',
        'Paid at: 2027-01-31T10:00:00.000Z',
      ),
    });
  });

  it('names the setup inside a larger first payment, in the order’s currency', () => {
    const email = paidEmail({ ...ORDER, amount_total: 99_800, currency: 'eur' }, AGENCY);
    expect(email.subject).toBe('New paid order: Gold package, €998.00 today from jane@example.co.uk');
    expect(email.body).toContain('\nPaid today: €998.00 (including the one-time setup of €799.00)\n');
    expect(email.body).toContain('\nThen: €199.00 per month from 28 February 2027\n');
    expect(email.body).toContain('\nPaid by: jane@example.co.uk\n');
  });

  it('says what it does not know', () => {
    expect(paidEmail(BARE, AGENCY)).toStrictEqual({
      to: AGENCY,
      subject: 'New paid order: a package, amount not given today from a customer',
      body: lines(
        'A new order has been paid on the website.',
        '',
        'Paid by: not given',
        'Package: not given',
        'Paid today: amount not given',
        'Checkout session: cs_bare',
      ),
    });
  });

  it('with part of it known: the name alone, pounds by default, the monthly fee without its date or amount', () => {
    const email = paidEmail({ ...BARE, amount_total: 1_050, monthly_amount: 500 }, AGENCY, 'Jane Doe');
    expect(email.subject).toBe('New paid order: a package, £10.50 today from a customer');
    expect(email.body).toBe(
      lines(
        'A new order has been paid on the website.',
        '',
        'Paid by: Jane Doe',
        'Package: not given',
        'Paid today: £10.50',
        'Then: £5.00 per month',
        'Checkout session: cs_bare',
      ),
    );
    const dateOnly = paidEmail({ ...BARE, first_renewal_at: '2027-02-28T09:50:00.000Z' }, AGENCY);
    expect(dateOnly.body).toContain('\nThen: The monthly fee from 28 February 2027\n');
  });

  it('turns control characters and line separators of buyer values into single spaces', () => {
    const email = paidEmail(
      {
        ...ORDER,
        customer_email: ' jane@example.co.uk\r\nBcc: all@example.com ',
        package: 'gold\u2028\u2029x',
        session_id: 'cs_1\u0085\u0000x',
      },
      AGENCY,
      '\tJane\u007f\u009fDoe\n',
    );
    expect(email.subject).toBe(
      'New paid order: Gold x package, £799.00 today from jane@example.co.uk Bcc: all@example.com',
    );
    expect(email.body).toContain('\nPaid by: Jane Doe <jane@example.co.uk Bcc: all@example.com>\n');
    expect(email.body).toContain('\nPackage: Gold x\n');
    expect(email.body).toContain('\nCheckout session: cs_1 x\n');
  });
});

describe('directDebitFailedEmail', () => {
  it('says the first payment failed and the subscription will not start', () => {
    expect(
      directDebitFailedEmail({ ...ORDER, status: 'failed', failed_at: '2027-02-03T10:00:00.000Z' }, AGENCY),
    ).toStrictEqual({
      to: AGENCY,
      subject: 'Direct Debit failed: Gold package, £799.00 from jane@example.co.uk',
      body: lines(
        'A Bacs Direct Debit for a new order has failed: the buyer has not paid, and the subscription will not start.',
        '',
        'Buyer: jane@example.co.uk',
        'Package: Gold',
        'Amount that failed: £799.00',
        'Checkout session: cs_test_paid_1',
        'Failed at: 2027-02-03T10:00:00.000Z',
      ),
    });
  });

  it('says what it does not know', () => {
    expect(directDebitFailedEmail({ ...BARE, status: 'failed' }, AGENCY)).toStrictEqual({
      to: AGENCY,
      subject: 'Direct Debit failed: a package, the first payment from a customer',
      body: lines(
        'A Bacs Direct Debit for a new order has failed: the buyer has not paid, and the subscription will not start.',
        '',
        'Buyer: not given',
        'Package: not given',
        'Amount that failed: the first payment',
        'Checkout session: cs_bare',
      ),
    });
  });
});

describe('renewalFailedEmail', () => {
  const renewal = {
    invoiceId: 'in_2',
    amount: 19_900,
    currency: 'gbp',
    dueS: Date.UTC(2027, 1, 28, 9, 50) / 1000,
    nextAttemptS: Date.UTC(2027, 2, 3, 9, 50) / 1000,
  };

  it('says which payment failed and when the provider tries again', () => {
    expect(renewalFailedEmail(ORDER, AGENCY, renewal)).toStrictEqual({
      to: AGENCY,
      subject: 'Renewal payment failed: Gold package, £199.00 from jane@example.co.uk',
      body: lines(
        'The monthly payment of £199.00 due on 28 February 2027 failed. The subscription is past due.',
        'The payment provider tries again on 3 March 2027.',
        '',
        'Buyer: jane@example.co.uk',
        'Package: Gold',
        'Invoice: in_2',
        'Checkout session: cs_test_paid_1',
      ),
    });
  });

  it('says when the provider will not try again, in the invoice’s currency', () => {
    const email = renewalFailedEmail(BARE, AGENCY, { ...renewal, currency: 'usd', nextAttemptS: null });
    expect(email.subject).toBe('Renewal payment failed: a package, US$199.00 from a customer');
    expect(email.body).toContain('\nThe payment provider will not try again by itself.\n');
  });
});

describe('cancellationEmail', () => {
  it('says when the subscription ends', () => {
    expect(cancellationEmail(ORDER, AGENCY, Date.UTC(2027, 2, 28, 9, 50) / 1000)).toStrictEqual({
      to: AGENCY,
      subject: 'Subscription cancelled: Gold package of jane@example.co.uk',
      body: lines(
        'The monthly subscription was cancelled. It ends on 28 March 2027 and does not renew.',
        '',
        'Buyer: jane@example.co.uk',
        'Package: Gold',
        'Checkout session: cs_test_paid_1',
      ),
    });
  });

  it('without an end date, says only that it does not renew', () => {
    expect(cancellationEmail(BARE, AGENCY, null)).toStrictEqual({
      to: AGENCY,
      subject: 'Subscription cancelled: a package of a customer',
      body: lines(
        'The monthly subscription was cancelled. It does not renew.',
        '',
        'Buyer: not given',
        'Package: not given',
        'Checkout session: cs_bare',
      ),
    });
  });
});
