/** The order in which the events of one action are delivered. */

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

export class DeliveryOrder {
  private random: () => number;
  constructor(private seed: number | null = null) {
    this.random = seed === null ? Math.random : seededRandom(seed);
  }
  /** Restarts the sequence from `seed` (null: random). */
  reseed(seed: number | null): void {
    this.seed = seed;
    this.random = seed === null ? Math.random : seededRandom(seed);
  }
  get currentSeed(): number | null {
    return this.seed;
  }
  /** The order to deliver one action's events in. */
  order<T>(items: readonly T[]): T[] {
    return shuffled(items, this.random);
  }
}
