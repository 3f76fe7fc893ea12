/**
 * The hostile-load run (issue 8, security rule 20), shared by `tests/load/hostile-load.ts` and its Vitest wrapper: an
 * in-process emulator on a file-backed database in a temporary folder receives a bounded mix of malformed and hostile
 * requests and valid writes. Violations: any 5xx, a request without an answer, an answer of the wrong class, an
 * acknowledged write that cannot be read back (live, and again after a restart from the same folder), a polluted
 * `Object.prototype`, an uncaught error, a failed health check or a damaged database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { createEmulator, type Emulator } from '../../host-harness/src/emulator/index.ts';
import { DATABASE_FILE } from '../../host-harness/src/emulator/state/open-database.ts';
import {
  CATEGORIES,
  type CaseContext,
  type Category,
  createRng,
  type HostileRequest,
  json,
  validWrite,
  WriteLedger,
} from './hostile-load-cases.ts';
import { send } from './hostile-load-http.ts';
import { batchOneBad, jsonBounds, registerOwnedFields, verifyBatches } from './hostile-load-inputs.ts';
import { judge } from './hostile-load-judge.ts';
import {
  crossOriginControl,
  foreignHost,
  foreignSocket,
  longSlashPaths,
  startSiteServer,
} from './hostile-load-perimeter.ts';
import {
  badContentTypes,
  badMethods,
  hostileAuth,
  oversizedHeaders,
  rawHttp,
  unknownRoutes,
} from './hostile-load-protocol.ts';
import type { HostileLoadReport, Violation } from './hostile-load-report.ts';
import { multipartUpload, uploadFileNames } from './hostile-load-uploads.ts';
import {
  deepNesting,
  hugeBody,
  invalidJson,
  pathTraversal,
  prototypePollution,
  qInjection,
  regex,
  wrongTypes,
} from './hostile-load-variants.ts';
import { verifyLedger } from './hostile-load-verify.ts';

export { formatReport, type HostileLoadReport, type Violation } from './hostile-load-report.ts';

export interface HostileLoadOptions {
  /** Requests of the mix (setup and read-back requests come on top). */
  requests: number;
  concurrency?: number;
  /** The run stops drawing requests after this long, whatever the count. */
  timeBudgetMs?: number;
  seed?: number;
  /** An answer slower than this is a violation (the emulator blocked its event loop). */
  slowMs?: number;
}

const APP = 'local-app';
const ENTITY = 'HostileLoadItem';
const VICTIM = 'HostileVictim';
const REGEX_TARGETS = 'HostileRegex';
const BATCHES = 'HostileBatch';

/** Weights of the mix: about a quarter valid writes, the rest hostile. */
const MIX: [Category, number, (ctx: CaseContext) => HostileRequest][] = [
  ['valid-create', 12, (ctx) => validWrite(ctx, 'valid-create')],
  ['valid-update', 8, (ctx) => validWrite(ctx, 'valid-update')],
  ['valid-inc', 5, (ctx) => validWrite(ctx, 'valid-inc')],
  ['invalid-json', 8, invalidJson],
  ['wrong-types', 9, wrongTypes],
  ['huge-body', 2, hugeBody],
  ['q-injection', 10, qInjection],
  ['regex', 3, regex],
  ['prototype-pollution', 6, prototypePollution],
  ['deep-nesting', 4, deepNesting],
  ['path-traversal', 8, pathTraversal],
  ['upload-file-names', 4, uploadFileNames],
  ['unknown-routes', 6, unknownRoutes],
  ['bad-methods', 4, badMethods],
  ['bad-content-types', 6, badContentTypes],
  ['oversized-headers', 3, oversizedHeaders],
  ['hostile-auth', 4, hostileAuth],
  ['raw-http', 2, rawHttp],
  ['foreign-host', 4, foreignHost],
  ['cross-origin-control', 4, crossOriginControl],
  ['foreign-socket', 2, foreignSocket],
  ['register-owned-fields', 1, registerOwnedFields],
  ['json-bounds', 2, jsonBounds],
  ['batch-one-bad', 3, batchOneBad],
  ['long-slash-paths', 3, longSlashPaths],
];
const TOTAL_WEIGHT = MIX.reduce((sum, [, w]) => sum + w, 0);

function draw(ctx: CaseContext): HostileRequest {
  let roll = ctx.rng.next() * TOTAL_WEIGHT;
  for (const [, weight, make] of MIX) {
    roll -= weight;
    if (roll < 0) return make(ctx);
  }
  return MIX[0]![2](ctx);
}

async function call(
  base: string,
  agent: http.Agent,
  method: string,
  pathname: string,
  token: string,
  body?: unknown,
) {
  const answer = await send(base, agent, {
    method,
    path: pathname,
    headers: { ...json, authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return {
    status: answer.status,
    body: answer.status >= 200 && answer.status < 300 ? JSON.parse(answer.text) : answer.text,
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;

/** Runs the whole load against a fresh emulator and returns the report; never throws for a violation. */
export async function runHostileLoad(options: HostileLoadOptions): Promise<HostileLoadReport> {
  const { requests, concurrency = 12, timeBudgetMs = 90_000, seed = 20_261_122, slowMs = 10_000 } = options;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hostile-load-'));
  const violations: Violation[] = [];
  const uncaught = (error: unknown) =>
    violations.push({ category: 'process', label: 'uncaught', detail: String(error) });
  process.on('uncaughtException', uncaught);
  process.on('unhandledRejection', uncaught);
  const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).join();
  let emulator: Emulator | null = await createEmulator({ dataDir, quiet: true });
  const site = await startSiteServer(path.join(dataDir, 'site'));
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  try {
    const base = await emulator.listen({ port: 0, host: '127.0.0.1' });
    const login = await call(base, agent, 'POST', `/api/apps/${APP}/auth/login`, '', {
      email: 'user@example.com',
      password: 'user1234',
    });
    const token = (login.body as { access_token: string }).access_token;
    const victim = await call(base, agent, 'POST', `/api/apps/${APP}/entities/${VICTIM}`, token, {
      name: 'victim',
    });
    let seq = 0;
    const ledger = new WriteLedger();
    const ctx: CaseContext = {
      rng: createRng(seed),
      runId: `run-${seed}-${Date.now()}`,
      app: APP,
      entity: ENTITY,
      victimEntity: VICTIM,
      victimId: (victim.body as { id: string }).id,
      regexEntity: REGEX_TARGETS,
      regexProbesLeft: Math.max(1, Math.min(4, Math.floor(requests / 1_500))),
      fileId: '',
      userToken: token,
      ledger,
      nextSeq: () => ++seq,
      harnessPort: Number(new URL(base).port),
      sitePort: Number(new URL(site.url).port),
      batchEntity: BATCHES,
      batches: { analyticsEvents: 0, bulkRecords: 0 },
    };
    await call(base, agent, 'POST', `/api/apps/${APP}/entities/${REGEX_TARGETS}/bulk`, token, [
      { s: `${'a'.repeat(40)}!` },
      { s: 'a'.repeat(200_000) },
    ]);
    const file = await send(
      base,
      agent,
      multipartUpload(ctx, 'upload-file-names', 'seed.txt', Buffer.from('seed'), '2xx'),
    );
    ctx.fileId = new URL(JSON.parse(file.text).file_url).pathname.split('/')[2] ?? '';

    const byCategory: Record<string, Record<string, number>> = Object.fromEntries(
      CATEGORIES.map((c) => [c, {}]),
    );
    const outcomes: Record<string, { tried: number; passed: number }> = Object.fromEntries(
      CATEGORIES.map((c) => [c, { tried: 0, passed: 0 }]),
    );
    const latencies: number[] = [];
    let sent = 0;
    const started = performance.now();
    const deadline = started + timeBudgetMs;
    const worker = async () => {
      while (sent < requests && performance.now() < deadline) {
        sent++;
        // A request, then its follow-ups (sent after a 2xx; they count in their category, not in `requests`).
        for (let request: HostileRequest | null = draw(ctx); request; ) {
          const answer = await send(request.target === 'site' ? site.url : base, agent, request);
          latencies.push(answer.ms);
          const counts = byCategory[request.category]!;
          counts[answer.status] = (counts[answer.status] ?? 0) + 1;
          let problem = judge(request, answer, slowMs);
          let parsed: unknown = answer.text;
          try {
            parsed = JSON.parse(answer.text);
          } catch {}
          const success = !problem && answer.status >= 200 && answer.status < 300;
          if (success && request.onSuccess) problem = request.onSuccess(parsed);
          request.onSettled?.();
          const outcome = outcomes[request.category]!;
          outcome.tried++;
          if (!problem) outcome.passed++;
          else
            violations.push({
              category: request.category,
              label: `${request.label} (${request.method} ${request.path.slice(0, 80)})`,
              detail: problem,
            });
          request = success && !problem && request.next ? request.next(parsed) : null;
        }
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    const durationMs = performance.now() - started;

    if (Object.getOwnPropertyNames(Object.prototype).join() !== prototypeKeys || 'polluted' in {})
      violations.push({ category: 'process', label: 'prototype', detail: 'Object.prototype was changed' });
    const health = await send(base, agent, { method: 'GET', path: '/__harness/health' });
    const healthAfter = health.status === 200 && JSON.parse(health.text).ok === true;
    if (!healthAfter)
      violations.push({ category: 'process', label: 'health', detail: `health answered ${health.status}` });

    const live = await verifyLedger(base, agent, ctx, 'live');
    violations.push(...live.violations);
    const databaseFile = path.join(dataDir, DATABASE_FILE);
    violations.push(...(await verifyBatches(base, agent, ctx, databaseFile, 'live')));
    await emulator.close();
    emulator = await createEmulator({ dataDir, quiet: true });
    const restartedBase = await emulator.listen({ port: 0, host: '127.0.0.1' });
    const relogin = await call(restartedBase, agent, 'POST', `/api/apps/${APP}/auth/login`, '', {
      email: 'user@example.com',
      password: 'user1234',
    });
    if (relogin.status !== 200)
      violations.push({
        category: 'read-back',
        label: 'login after restart',
        detail: `status ${relogin.status}`,
      });
    const restartedCtx = {
      ...ctx,
      userToken: (relogin.body as { access_token?: string }).access_token ?? token,
    };
    const restarted = await verifyLedger(restartedBase, agent, restartedCtx, 'after restart');
    violations.push(...restarted.violations);
    violations.push(
      ...(await verifyBatches(restartedBase, agent, restartedCtx, databaseFile, 'after restart')),
    );
    await emulator.close();
    emulator = null;
    const db = new Database(databaseFile, { readonly: true });
    const databaseIntegrity = String(db.pragma('integrity_check', { simple: true }));
    db.close();
    if (databaseIntegrity !== 'ok')
      violations.push({ category: 'process', label: 'integrity_check', detail: databaseIntegrity });

    latencies.sort((a, b) => a - b);
    const statuses = Object.values(byCategory).flatMap((counts) => Object.entries(counts));
    return {
      seed,
      requests: sent,
      durationMs: Math.round(durationMs),
      requestsPerSecond: Math.round((sent / durationMs) * 1000),
      concurrency,
      byCategory,
      outcomes,
      serverErrors: statuses.filter(([s]) => Number(s) >= 500).reduce((n, [, c]) => n + c, 0),
      noAnswer: statuses.filter(([s]) => s === '0').reduce((n, [, c]) => n + c, 0),
      latencyMs: {
        p50: Math.round(percentile(latencies, 0.5)),
        p99: Math.round(percentile(latencies, 0.99)),
        max: Math.round(latencies.at(-1) ?? 0),
      },
      writes: {
        acknowledged: ledger.records.size,
        readBackLive: live.verified,
        readBackAfterRestart: restarted.verified,
        uploads: ledger.uploads.length,
      },
      healthAfter,
      databaseIntegrity,
      violations,
    };
  } finally {
    process.off('uncaughtException', uncaught);
    process.off('unhandledRejection', uncaught);
    agent.destroy();
    site.close();
    await emulator?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
