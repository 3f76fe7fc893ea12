/**
 * The order one action's events are delivered in, and which are delivered twice (RULES.md, `events-any-order`,
 * `events-more-than-once`), from a seed a run replays.
 */

/** A small, seedable generator (mulberry32): the same seed gives the same sequence on every machine. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A Fisher-Yates shuffle of `items` with `random` (a new array). */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** One delivery of an event; a duplicate is a second delivery of one already sent. */
export interface Delivery {
  id: string;
  duplicate: boolean;
}

export const DUPLICATE_ONE_IN = 3;

export class DeliveryOrder {
  private random = Math.random;
  constructor(private seed: number | null = null) {
    this.reseed(seed);
  }
  /** Restarts the sequence from `seed` (null: random). */
  reseed(seed: number | null): void {
    this.seed = seed;
    this.random = seed === null ? Math.random : seededRandom(seed);
  }
  get currentSeed(): number | null {
    return this.seed;
  }
  order<T>(items: readonly T[]): T[] {
    return shuffled(items, this.random);
  }
  /** One action's deliveries: shuffled and, with `duplicates`, about one in three sent again later in the run. */
  plan(ids: readonly string[], duplicates: boolean): Delivery[] {
    const plan: Delivery[] = this.order(ids).map((id) => ({ id, duplicate: false }));
    if (!duplicates) return plan;
    for (const id of ids.filter(() => this.random() * DUPLICATE_ONE_IN < 1)) {
      const after = plan.findIndex((delivery) => delivery.id === id);
      plan.splice(after + 1 + Math.floor(this.random() * (plan.length - after)), 0, { id, duplicate: true });
    }
    return plan;
  }
}
