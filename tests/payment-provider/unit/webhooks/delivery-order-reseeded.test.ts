/** Reseeded with null, the order is random again: two such orders of twenty items (almost surely) differ. */
import { describe, expect, it } from 'vitest';
import { DeliveryOrder } from '../../../../host-harness/payments/webhooks/delivery-order.ts';

describe('DeliveryOrder.reseed(null)', () => {
  it('goes random: two orders reseeded with null differ', () => {
    const items = Array.from({ length: 20 }, (_, i) => i);
    const one = new DeliveryOrder(7);
    const two = new DeliveryOrder(7);
    one.reseed(null);
    two.reseed(null);
    // Two random orders of twenty items agree once in 20! (about 2e18) runs; seeded alike they would always agree.
    expect(one.order(items)).not.toStrictEqual(two.order(items));
  });
});
