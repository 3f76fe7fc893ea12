/**
 * The first invoice of a subscription with two recurring prices: each line names its own subscription item, and a
 * line billed in full for a quantity above one is no proration.
 */
import { describe, expect, it } from 'vitest';
import { MONTHLY_PENCE } from '../../support/spec-figures.ts';
import { at, goldRecord, monthlyPrice, settings } from './checkout-fixtures.ts';
import { startedSubscription } from './support/started-subscription.ts';

const START_S = at('2026-03-02T10:00:00Z');

function twoRecurring() {
  const items = goldRecord(START_S, {
    lineItems: [
      { price: monthlyPrice({ id: 'price_first', product_name: 'First' }), quantity: 1 },
      { price: monthlyPrice({ id: 'price_second', product_name: 'Second' }), quantity: 2 },
    ],
  }).line_items;
  return startedSubscription({ lineItems: items, startS: START_S, method: 'card', billing: settings() })
    .ledger;
}

describe('a subscription of two recurring prices', () => {
  it('bills each for the whole first period, each line naming its own item, neither a proration', () => {
    const ledger = twoRecurring();
    const items = ledger.subscription!.items.data;
    expect(items.map((item) => item.price.id)).toEqual(['price_first', 'price_second']);
    const [first, second] = ledger.invoices[0]!.lines.data;
    expect(first).toMatchObject({
      amount: MONTHLY_PENCE,
      quantity: 1,
      parent: { subscription_item_details: { proration: false, subscription_item: items[0]!.id } },
    });
    expect(second).toMatchObject({
      amount: 2 * MONTHLY_PENCE,
      quantity: 2,
      parent: { subscription_item_details: { proration: false, subscription_item: items[1]!.id } },
    });
    expect(items[0]!.id).not.toBe(items[1]!.id);
  });
});
