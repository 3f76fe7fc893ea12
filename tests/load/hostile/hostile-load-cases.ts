/**
 * The requests of the hostile-load run (docs/security.md, "HTTP faults and nothing lost"): each category draws one
 * request from a fixed list of variants with fast-check's seeded random choices, so a run can be repeated. Valid writes
 * go through a ledger that remembers what the emulator acknowledged, for the runner to read back at the end.
 */
import fc from 'fast-check';

/** Every category of request, in the order the report prints them. */
export const CATEGORIES = [
  'valid-create',
  'valid-update',
  'valid-inc',
  'invalid-json',
  'wrong-types',
  'huge-body',
  'q-injection',
  'regex',
  'prototype-pollution',
  'deep-nesting',
  'path-traversal',
  'upload-file-names',
  'unknown-routes',
  'bad-methods',
  'bad-content-types',
  'oversized-headers',
  'hostile-auth',
  'raw-http',
  // The harness's own perimeter, and inputs that used to end in a 500 or half-stored data.
  'foreign-host',
  'cross-origin-control',
  'foreign-socket',
  'register-owned-fields',
  'json-bounds',
  'batch-one-bad',
  'long-slash-paths',
  // Clients that never finish a request, line breaks in e-mail and HTTP headers, bodies off the contract.
  'slow-clients',
  'header-line-breaks',
  'off-contract-bodies',
  // Backend functions called by other pages, and miniflare's loopback server (whatever path or header).
  'cross-site-functions',
  'miniflare-loopback',
  // What the payment provider's double takes is no more than the provider takes.
  'payment-requests',
] as const;
export type Category = (typeof CATEGORIES)[number];

/** What a correct emulator answers: a 4xx, a 2xx, or at least never a 5xx (several answers are right). */
export type Expectation = '4xx' | '2xx' | 'not-5xx';

export interface HostileRequest {
  category: Category;
  label: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Bytes written as-is to a TCP socket instead of an HTTP request (`method`/`path` are only for the report). */
  raw?: string;
  /**
   * With `raw`: then these bytes, one every `everyMs` (a slow client), until the server answers or closes; no answer
   * within `giveUpMs` is no answer.
   */
  drip?: { bytes: string; everyMs: number; giveUpMs: number };
  /**
   * Which server: the harness (emulator, default), the site server (plain-text answers), the payment provider's
   * stand-in (its `/v1` API), or one of the function runtime's miniflare loopback servers
   * (`CaseContext.loopbackPorts`).
   */
  target?: 'harness' | 'site' | 'provider' | { loopbackPort: number };
  expect: Expectation;
  /** The exact statuses that are right (stricter than `expect`). */
  statuses?: number[];
  /** The answer's text must match (e.g. the error code of a refusal). */
  answerMatches?: RegExp;
  /** A follow-up of the same category sent after a 2xx (e.g. register, then read the code, then verify it). */
  next?(body: unknown): HostileRequest | null;
  /** Checks a 2xx answer (and records acknowledged writes); returns a violation message, or null. */
  onSuccess?(body: unknown): string | null;
  /** Runs once the request settled, whatever the answer. */
  onSettled?(): void;
}

/** Uniform whole numbers: fast-check's arbitraries lean towards edge values unless told not to. */
const uniformInt = (min: number, max: number) => fc.noBias(fc.integer({ min, max }));
const UNIT = 2 ** 32;

/** The run's random choices. */
export interface Rng {
  /** A number in [0, 1). */
  next(): number;
  /** A whole number in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
}

/**
 * Random choices drawn by fast-check from a seed, as in a property run: the same seed gives the same draws (the order
 * in which concurrent requests draw still varies with timing).
 */
export function createRng(seed: number): Rng {
  const [draw] = fc.sample(fc.gen(), { seed, numRuns: 1 });
  if (!draw) throw new Error('fast-check drew no generator');
  const int = (min: number, max: number) => draw(uniformInt, min, max);
  return {
    next: () => int(0, UNIT - 1) / UNIT,
    int,
    pick: <T>(items: readonly T[]): T => items[int(0, items.length - 1)]!,
  };
}

/** What a valid write made the emulator acknowledge, by record id. */
export interface ExpectedRecord {
  fields: Record<string, unknown>;
  counter: number;
}

/** Acknowledged writes and uploads; plain updates of one record never overlap (the last writer would be unknown). */
export class WriteLedger {
  readonly records = new Map<string, ExpectedRecord>();
  readonly uploads: { path: string; content: string }[] = [];
  private readonly busy = new Set<string>();
  private readonly ids: string[] = [];

  add(id: string, fields: Record<string, unknown>): void {
    this.records.set(id, { fields, counter: 0 });
    this.ids.push(id);
  }

  /** A record no plain update is writing, reserved until `release`. */
  reserve(rng: Rng): string | undefined {
    for (let tries = 0; tries < 8 && this.ids.length > 0; tries++) {
      const id = rng.pick(this.ids);
      if (this.busy.has(id)) continue;
      this.busy.add(id);
      return id;
    }
    return undefined;
  }

  release(id: string): void {
    this.busy.delete(id);
  }

  any(rng: Rng): string | undefined {
    return this.ids.length ? rng.pick(this.ids) : undefined;
  }
}

/** Fixed names and ids a run works with. */
export interface CaseContext {
  rng: Rng;
  runId: string;
  app: string;
  /** The collection of valid writes; hostile writes that may succeed go to `victimEntity`. */
  entity: string;
  victimEntity: string;
  victimId: string;
  /** Holds strings on which a backtracking `$regex` runs for minutes. */
  regexEntity: string;
  /** Catastrophic patterns still to send (each costs the emulator its whole time budget). */
  regexProbesLeft: number;
  fileId: string;
  userToken: string;
  ledger: WriteLedger;
  nextSeq(): number;
  /** Ports the servers listen on (Host headers name them). */
  harnessPort: number;
  sitePort: number;
  /** The ports of miniflare's loopback servers, one per running function (in the harness process). */
  loopbackPorts: number[];
  /** The collection the all-or-nothing bulk writes go to. */
  batchEntity: string;
  /** What all-or-nothing batches the emulator acknowledged: read back at the end. */
  batches: { analyticsEvents: number; bulkRecords: number };
  /** A checkout session no hostile Pay or Cancel may settle, and how many e-mails the emulator acknowledged. */
  contract: { openSessionId: string; mailsAcknowledged: number };
}

export const json = { 'content-type': 'application/json' };
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
export const q = (value: unknown) =>
  `q=${encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value))}`;

const LABEL_PIECES = [
  'plain',
  'ünïcödé',
  'مرحبا',
  '🚀🔥',
  '"quoted"',
  "'; DROP TABLE records; --",
  '<img src=x onerror=alert(1)>',
  '\\back\\slash',
  '\u0000nul',
  '\ud800lone',
  '{"$where":"1"}',
  '../../etc/passwd',
];

/** A record body a valid write sends, with values that survive JSON exactly. */
function validFields(ctx: CaseContext): Record<string, unknown> {
  const { rng } = ctx;
  return {
    run: ctx.runId,
    seq: ctx.nextSeq(),
    label: `${rng.pick(LABEL_PIECES)} ${rng.int(0, 1e6)}`,
    n: rng.next() < 0.5 ? rng.int(-1e9, 1e9) : rng.next() * 1e6,
    flag: rng.next() < 0.5,
    tags: Array.from({ length: rng.int(0, 4) }, () => rng.pick(LABEL_PIECES)),
    nested: { level1: { level2: { value: rng.int(0, 100), none: null } } },
  };
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Valid writes: a create, a plain update of an idle record, or an `$inc` of any record. */
export function validWrite(
  ctx: CaseContext,
  kind: 'valid-create' | 'valid-update' | 'valid-inc',
): HostileRequest {
  const base = `/api/apps/${ctx.app}/entities/${ctx.entity}`;
  const headers = { ...json, ...bearer(ctx.userToken) };
  const id =
    kind === 'valid-update'
      ? ctx.ledger.reserve(ctx.rng)
      : kind === 'valid-inc'
        ? ctx.ledger.any(ctx.rng)
        : undefined;
  if (kind === 'valid-create' || !id) {
    const fields = validFields(ctx);
    return {
      category: 'valid-create',
      label: 'create',
      method: 'POST',
      path: base,
      headers,
      body: JSON.stringify(fields),
      expect: '2xx',
      onSuccess(body) {
        const record = body as Record<string, unknown>;
        if (typeof record?.id !== 'string') return 'create answered without an id';
        for (const [key, value] of Object.entries(fields)) {
          if (!sameJson(record[key], value)) return `create echoed ${key} as ${JSON.stringify(record[key])}`;
        }
        ctx.ledger.add(record.id, fields);
        return null;
      },
    };
  }
  if (kind === 'valid-inc') {
    const amount = ctx.rng.int(-5, 5);
    return {
      category: 'valid-inc',
      label: '$inc counter',
      method: 'PUT',
      path: `${base}/${id}`,
      headers,
      body: JSON.stringify({ $inc: { counter: amount } }),
      expect: '2xx',
      onSuccess() {
        ctx.ledger.records.get(id)!.counter += amount;
        return null;
      },
    };
  }
  const change = {
    label: `updated ${ctx.rng.pick(LABEL_PIECES)}`,
    n: ctx.rng.int(-1000, 1000),
    extra: { at: ctx.nextSeq() },
  };
  return {
    category: 'valid-update',
    label: 'plain update',
    method: 'PUT',
    path: `${base}/${id}`,
    headers,
    body: JSON.stringify(change),
    expect: '2xx',
    onSuccess(body) {
      const expected = ctx.ledger.records.get(id)!;
      Object.assign(expected.fields, change);
      const record = body as Record<string, unknown>;
      return sameJson(record?.label, change.label) ? null : 'update echoed another label';
    },
    onSettled: () => ctx.ledger.release(id),
  };
}
