/**
 * The package as the site sells and shows it (src/content/pricing.ts): its figures come from the package's one module
 * (base44/shared/packages.ts) and read as the specification's.
 */
import { describe, expect, it } from 'vitest';
import { poundsText, pricing, soldPackage } from '../../../src/content/pricing.ts';
import {
  CURRENCY,
  MONTHLY_PENCE,
  MONTHLY_SHORT,
  SETUP_PENCE,
  SETUP_SHORT,
} from '../../support/spec-figures.ts';

describe('the package the site sells', () => {
  it('its prices are written from the spec’s figures, as the site writes prices', () => {
    expect(pricing.setup.amount).toBe(SETUP_SHORT);
    expect(pricing.monthly.amount).toBe(MONTHLY_SHORT);
    expect(poundsText(1_234_500)).toBe('£12,345');
    expect(poundsText(12_350)).toBe('£123.50');
  });

  it('the sold package carries the figures of the spec and its currency in upper case', () => {
    expect(soldPackage.currency).toBe(CURRENCY.toUpperCase());
    expect(soldPackage.currency).toBe('GBP');
    expect(soldPackage.setup.amount).toBe(SETUP_PENCE);
    expect(soldPackage.monthly.amount).toBe(MONTHLY_PENCE);
  });
});
