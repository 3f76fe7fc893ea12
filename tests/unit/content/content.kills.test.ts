/** Content that computes: the sold package (src/content/pricing.ts) and the order reference (payment-success.ts). */
import { describe, expect, it } from 'vitest';
import { orderReferenceFrom, orderReferenceLength } from '../../../src/content/payment-success.ts';
import { soldPackage } from '../../../src/content/pricing.ts';
import { CURRENCY, MONTHLY_PENCE, SETUP_PENCE } from '../../support/spec-figures.ts';

describe('content (kills)', () => {
  it('the sold package carries the figures of the spec and its currency in upper case', () => {
    expect(soldPackage.currency).toBe(CURRENCY.toUpperCase());
    expect(soldPackage.currency).toBe('GBP');
    expect(soldPackage.setup.amount).toBe(SETUP_PENCE);
    expect(soldPackage.monthly.amount).toBe(MONTHLY_PENCE);
  });

  it('the order reference ignores spaces around the session id', () => {
    const id = 'cs_test_a1B2c3D4e5F6g7H8';
    expect(orderReferenceFrom(`?session_id=${encodeURIComponent(`  ${id} `)}`)).toBe(
      id.slice(-orderReferenceLength),
    );
  });
});
