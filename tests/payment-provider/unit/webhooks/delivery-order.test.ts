/**
 * The order the double delivers one action's events in: a Fisher-Yates shuffle, at random or from a seed whose
 * sequence (mulberry32) is the same on every machine, so that a recorded seed replays its orders.
 */
import { describe, expect, it } from 'vitest';
import {
  DeliveryOrder,
  seededRandom,
  shuffled,
} from '../../../../host-harness/payments/webhooks/delivery-order.ts';

describe('seededRandom', () => {
  it("gives mulberry32's sequence for a seed (values of the published algorithm)", () => {
    const random = seededRandom(42);
    expect([random(), random(), random(), random()]).toStrictEqual([
      0.6011037519201636, 0.44829055899754167, 0.8524657934904099, 0.6697340414393693,
    ]);
    const one = seededRandom(1);
    expect([one(), one()]).toStrictEqual([0.6270739405881613, 0.002735721180215478]);
    const negative = seededRandom(-1);
    expect([negative(), negative()]).toStrictEqual([0.8964226141106337, 0.189478256739676]);
  });
});

describe('shuffled', () => {
  const letters = ['a', 'b', 'c', 'd', 'e'];

  it('swaps each place, from the last, with one at or before it that `random` picks', () => {
    // random 0: each place swaps with the first, which moves the first to the end.
    expect(shuffled(letters, () => 0)).toStrictEqual(['b', 'c', 'd', 'e', 'a']);
    // random just under 1: each place swaps with itself.
    expect(shuffled(letters, () => 0.999)).toStrictEqual(letters);
    // random 0.5: place 4 with 2, then 3 with 2, then 2 with 1; 1 stays.
    expect(shuffled(letters, () => 0.5)).toStrictEqual(['a', 'd', 'b', 'e', 'c']);
  });

  it('draws one number per place after the first, and returns a new array', () => {
    let draws = 0;
    const input = [...letters];
    const out = shuffled(input, () => {
      draws++;
      return 0;
    });
    expect(draws).toBe(4);
    expect(out).not.toBe(input);
    expect(input).toStrictEqual(letters);
    expect(shuffled([], () => 0)).toStrictEqual([]);
    expect(shuffled(['only'], () => 0)).toStrictEqual(['only']);
  });
});

describe('DeliveryOrder', () => {
  it('replays the orders of a seed, each action going on with the sequence', () => {
    const order = new DeliveryOrder(7);
    expect(order.currentSeed).toBe(7);
    expect(order.order([1, 2, 3, 4, 5, 6])).toStrictEqual([5, 2, 3, 4, 6, 1]);
    expect(order.order([1, 2, 3, 4, 5, 6])).toStrictEqual([4, 5, 2, 1, 6, 3]);
  });

  it('restarts the sequence when reseeded, and goes random with a null seed', () => {
    const order = new DeliveryOrder(3);
    order.order([1, 2, 3]);
    order.reseed(7);
    expect(order.currentSeed).toBe(7);
    expect(order.order([1, 2, 3, 4, 5, 6])).toStrictEqual([5, 2, 3, 4, 6, 1]);
    order.reseed(null);
    expect(order.currentSeed).toBeNull();
    const items = Array.from({ length: 20 }, (_, i) => i);
    // Two random orders of twenty items agree once in 20! (about 2e18) runs; a seeded one would repeat.
    const other = new DeliveryOrder(null);
    expect(order.order(items)).not.toStrictEqual(other.order(items));
  });

  it('is random without a seed', () => {
    const items = Array.from({ length: 20 }, (_, i) => i);
    const first = new DeliveryOrder();
    expect(first.currentSeed).toBeNull();
    expect(first.order(items)).not.toStrictEqual(new DeliveryOrder().order(items));
    expect([...first.order(items)].sort((a, b) => a - b)).toStrictEqual(items);
  });
});

describe('DeliveryOrder.plan', () => {
  const ids = ['a', 'b', 'c', 'd', 'e', 'f'];
  const twice = (plan: { id: string; duplicate: boolean }[]) =>
    plan.filter((d) => d.duplicate).map((d) => d.id);

  it('delivers every event once, shuffled, and some a second time after the first, when duplicates are on', () => {
    let seen = 0;
    for (let seed = 0; seed < 30; seed++) {
      const plan = new DeliveryOrder(seed).plan(ids, true);
      expect(
        plan
          .filter((d) => !d.duplicate)
          .map((d) => d.id)
          .sort(),
      ).toStrictEqual(ids);
      for (const id of twice(plan)) {
        seen++;
        const first = plan.findIndex((d) => d.id === id && !d.duplicate);
        const second = plan.findIndex((d) => d.id === id && d.duplicate);
        expect(second).toBeGreaterThan(first);
      }
    }
    // About one in three over 180 events; never none.
    expect(seen).toBeGreaterThan(30);
    expect(seen).toBeLessThan(90);
  });

  it('replays from the same seed, and sends each event once with duplicates off', () => {
    expect(new DeliveryOrder(7).plan(ids, true)).toStrictEqual(new DeliveryOrder(7).plan(ids, true));
    for (let seed = 0; seed < 30; seed++)
      expect(twice(new DeliveryOrder(seed).plan(ids, false))).toStrictEqual([]);
  });
});
