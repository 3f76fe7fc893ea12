/**
 * createCheckout's dates: the trial ends (and the first monthly fee falls) one calendar month after the purchase as a
 * UK buyer counts it, on the Europe/London calendar and clock: a month end clamps to the shorter month's last day, a
 * purchase after midnight in London counts from the London date, and the London time of day is kept across the
 * GMT/BST changes. The page expires an hour after it is made. Every expected time here was worked out by hand (and
 * checked against Python's zoneinfo), not with the code under test.
 */
import assert from 'node:assert/strict';
import { formOf, goldSessionForm, withCheckout } from './helpers/checkout-setup.ts';

const at = (isoTime: string) => Date.parse(isoTime) / 1000;

/** [purchase (UTC), the trial's end (UTC), why] */
const MONTHS: [string, string, string][] = [
  ['2027-01-31T10:00:00Z', '2027-02-28T10:00:00Z', '31 January → 28 February'],
  ['2028-01-31T10:00:00Z', '2028-02-29T10:00:00Z', '31 January → 29 February in a leap year'],
  ['2027-01-30T10:00:00Z', '2027-02-28T10:00:00Z', '30 January → 28 February'],
  [
    '2027-02-28T10:00:00Z',
    '2027-03-28T09:00:00Z',
    '28 February GMT → 28 March, the day BST starts: 10:00 London is 09:00 UTC',
  ],
  ['2027-03-31T10:00:00Z', '2027-04-30T10:00:00Z', '31 March (BST) → 30 April (BST)'],
  ['2026-09-30T12:00:00Z', '2026-10-30T13:00:00Z', '30 September 13:00 BST → 30 October 13:00 GMT'],
  ['2027-10-31T00:30:00Z', '2027-11-30T01:30:00Z', '01:30 BST on the day BST ends → 30 November 01:30 GMT'],
  [
    '2027-04-30T23:30:00Z',
    '2027-05-31T23:30:00Z',
    '1 May 00:30 BST (still 30 April in UTC) → 1 June 00:30 BST',
  ],
  [
    '2027-09-30T23:30:00Z',
    '2027-11-01T00:30:00Z',
    '1 October 00:30 BST (still 30 September in UTC) → 1 November 00:30 GMT',
  ],
  ['2026-12-31T23:59:59Z', '2027-01-31T23:59:59Z', 'over the new year'],
];

for (const [purchase, trialEnd, why] of MONTHS) {
  Deno.test(`createCheckout: a purchase at ${purchase} has its trial end at ${trialEnd} (${why}); the page expires an hour on`, async () => {
    await withCheckout(
      async ({ provider, call }) => {
        assert.equal((await call({ packageName: 'gold' })).status, 200);
        const form = formOf(provider);
        assert.equal(
          new Date(Number(form['subscription_data[trial_end]']) * 1000).toISOString(),
          new Date(trialEnd).toISOString(),
        );
        assert.equal(Number(form.expires_at), at(purchase) + 3_600);
        assert.deepEqual(form, goldSessionForm(at(purchase), at(trialEnd)));
      },
      { nowS: at(purchase) },
    );
  });
}
