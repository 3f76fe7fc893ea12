/**
 * The package as the site sells and shows it (src/content/pricing.ts): its figures come from the package's one module
 * (base44/shared/packages.ts) and read as the specification's.
 */
import { describe, expect, it } from 'vitest';
import { intervalsText, poundsText, pricing, pricingFaq, soldPackage } from '../../../src/content/pricing.ts';
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

describe('when the first monthly payment is taken, as the payment provider’s page will put it', () => {
  const then = `then ${MONTHLY_SHORT} per month, from one month after you buy`;

  it('is said beside the price: the setup today, then the monthly fee from one month after the purchase', () => {
    expect(pricing.firstPayment).toBe(`Pay ${SETUP_SHORT} today, ${then}.`);
  });

  it('is answered in the FAQ, with what the provider’s page and the first receipt show for the trial', () => {
    const item = pricingFaq.items.find((faq) => faq.question === 'When is the first monthly payment taken?');
    expect(item?.answer).toBe(
      `You pay the ${SETUP_SHORT} setup today, ${then}. Our payment provider's secure page shows a free trial of one month on the monthly plan, and your first receipt lists the setup with the trial at £0.`,
    );
  });

  it('writes a number of billing intervals as a buyer reads it', () => {
    expect(intervalsText(1, 'month')).toBe('one month');
    expect(intervalsText(3, 'month')).toBe('3 months');
    expect(intervalsText(2, 'year')).toBe('2 years');
  });
});
