/**
 * createCheckout's billing anchor: one calendar month after the purchase (a shorter month's last day when the day
 * does not exist), ten minutes early, so that it is always in the future and before the provider's next natural
 * billing date, the two conditions the provider puts on it.
 */
import assert from 'node:assert/strict';
import {
  ANCHOR_MARGIN_S,
  addCalendarMonths,
  firstRenewalAnchor,
} from '../../base44/functions/createCheckout/first-renewal.ts';

const at = (iso: string) => Date.parse(iso) / 1000;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

Deno.test('first renewal: the same day next month, at the same time less ten minutes', () => {
  assert.equal(iso(firstRenewalAnchor(at('2026-11-25T18:00:00Z'))), '2026-12-25T17:50:00.000Z');
  assert.equal(iso(firstRenewalAnchor(at('2026-12-15T09:30:45Z'))), '2027-01-15T09:20:45.000Z');
});

Deno.test('first renewal: month ends clamp to the shorter month (31 January → 28 or 29 February, 31 March → 30 April)', () => {
  assert.equal(iso(addCalendarMonths(at('2027-01-31T10:00:00Z'), 1)), '2027-02-28T10:00:00.000Z');
  assert.equal(iso(addCalendarMonths(at('2028-01-31T10:00:00Z'), 1)), '2028-02-29T10:00:00.000Z');
  assert.equal(iso(addCalendarMonths(at('2027-03-31T23:59:59Z'), 1)), '2027-04-30T23:59:59.000Z');
  assert.equal(iso(addCalendarMonths(at('2027-01-30T00:00:00Z'), 1)), '2027-02-28T00:00:00.000Z');
  assert.equal(iso(addCalendarMonths(at('2027-02-28T12:00:00Z'), 1)), '2027-03-28T12:00:00.000Z');
});

Deno.test('first renewal: in the future and before the next natural billing date for every moment of a leap year', () => {
  const start = at('2028-01-01T00:00:00Z');
  for (let t = start; t < start + 366 * 86_400; t += 3_571) {
    const anchor = firstRenewalAnchor(t);
    const natural = addCalendarMonths(t, 1);
    assert.ok(anchor > t, `after ${iso(t)}`);
    assert.ok(anchor < natural, `before the natural date for ${iso(t)}`);
    assert.equal(natural - anchor, ANCHOR_MARGIN_S);
    // No proration: what falls between now and the anchor is under one month, never more than 31 days.
    assert.ok(anchor - t <= 31 * 86_400);
  }
});
