/**
 * The hostile-load run (bad input under load: docs/security.md, "HTTP faults and nothing lost"), shared by
 * `hostile-load.ts` (`npm run load:hostile`) and its Vitest wrapper
 * (`tests/integration/security/hostile-load.test.ts`): an in-process emulator on a file-backed database in a temporary
 * folder receives a bounded mix of malformed and hostile requests and valid writes (`hostile-load-mix.ts`), while slow
 * clients hold connections beside it until both servers cut them (docs/security.md, "Servers of the harness and the
 * backend functions"). Violations: any 5xx, a request without an answer, an answer of the wrong class, an acknowledged
 * write that cannot be read back (live, and again after a restart from the same folder), a refused e-mail or payment
 * that happened anyway, a polluted `Object.prototype`, an uncaught error, a failed health check or a damaged database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { createPaymentProvider } from '../../../host-harness/payments/index.ts';
import { DATABASE_FILE } from '../../../host-harness/src/emulator/core/database.ts';
import {
  createEmulator,
  type Emulator,
  webhookEndpointUrl,
} from '../../../host-harness/src/emulator/index.ts';
import {
  CATEGORIES,
  type CaseContext,
  createRng,
  type HostileRequest,
  json,
  WriteLedger,
} from './hostile-load-cases.ts';
import { setupContract, verifyContract } from './hostile-load-contract.ts';
import { loopbackPortsOf } from './hostile-load-functions.ts';
import { send } from './hostile-load-http.ts';
import { verifyBatches } from './hostile-load-inputs.ts';
import { judge } from './hostile-load-judge.ts';
import { draw, REQUESTS_PER_SLOW_ROUND } from './hostile-load-mix.ts';
import { startSiteServer } from './hostile-load-perimeter.ts';
import type { HostileLoadReport, Violation } from './hostile-load-report.ts';
import { LOAD_TIMEOUTS, slowClients } from './hostile-load-slow.ts';
import { multipartUpload } from './hostile-load-uploads.ts';
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
  // Both servers with short bounds on slow clients, so that the slow-client cases are cut within seconds. Functions run
  // in workerd, as deployed, whatever FUNCTIONS_RUNTIME says: its miniflare loopback servers are probed too. The
  // payment provider's stand-in beside it, as `npm start` runs them (its hosted page named on the emulator's origin).
  let platformUrl = '';
  const provider = await createPaymentProvider({
    dataDir,
    quiet: true,
    timeouts: LOAD_TIMEOUTS,
    webhookUrl: () => webhookEndpointUrl(platformUrl, APP),
    hostedPageOrigin: () => platformUrl,
  });
  const providerBase = await provider.listen({ port: 0, host: '127.0.0.1' });
  const startEmulator = () =>
    createEmulator({
      dataDir,
      quiet: true,
      timeouts: LOAD_TIMEOUTS,
      functionsRuntime: 'workerd',
      paymentProviderUrl: providerBase,
    });
  let emulator: Emulator | null = await startEmulator();
  const site = await startSiteServer(path.join(dataDir, 'site'), LOAD_TIMEOUTS);
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  try {
    const base = await emulator.listen({ port: 0, host: '127.0.0.1' });
    platformUrl = base;
    const login = await call(base, agent, 'POST', `/api/apps/${APP}/auth/login`, '', {
      email: 'user@example.com',
      password: 'user1234',
    });
    const token = (login.body as { access_token: string }).access_token;
    const victim = await call(base, agent, 'POST', `/api/apps/${APP}/entities/${VICTIM}`, token, {
      name: 'victim',
    });
    // The run's collection exists before its first valid write, so that a read of it drawn first (an oversized header)
    // finds it whatever the order of the draws; this record is not the run's (no `run` field), so no count includes it.
    await call(base, agent, 'POST', `/api/apps/${APP}/entities/${ENTITY}`, token, { setup: true });
    const { openSessionId } = await setupContract(base, providerBase, agent);
    await emulator.warmFunctions();
    const running = await send(base, agent, { method: 'GET', path: '/__harness/functions' });
    const loopbackPorts = loopbackPortsOf(
      (JSON.parse(running.text) as { pid: number | null }[]).map((fn) => fn.pid),
    );
    if (loopbackPorts.length === 0) throw new Error('hostile-load setup: no function runs in workerd');
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
      loopbackPorts,
      batchEntity: BATCHES,
      batches: { analyticsEvents: 0, bulkRecords: 0 },
      contract: { openSessionId, mailsAcknowledged: 0 },
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
    // A request, then its follow-ups (sent after a 2xx; they count in their category, not in `requests`).
    const settle = async (first: HostileRequest, timed: boolean) => {
      for (let request: HostileRequest | null = first; request; ) {
        const target = request.target;
        const url =
          target === 'site'
            ? site.url
            : target === 'provider'
              ? providerBase
              : typeof target === 'object'
                ? `http://127.0.0.1:${target.loopbackPort}`
                : base;
        const answer = await send(url, agent, request);
        if (timed) latencies.push(answer.ms);
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
    };
    const worker = async () => {
      while (sent < requests && performance.now() < deadline) {
        sent++;
        await settle(draw(ctx), true);
      }
    };
    // Slow clients hold their connections while the mix runs (its answer times show the others are served meanwhile);
    // they wait on the servers' bounds, so their own times stay out of the latency figures.
    const rounds = Math.max(1, Math.floor(requests / REQUESTS_PER_SLOW_ROUND));
    const slow = slowClients(ctx, 0).map(async (_, kind) => {
      for (let round = 1; round <= rounds; round++) await settle(slowClients(ctx, round)[kind]!, false);
    });
    await Promise.all([...Array.from({ length: concurrency }, worker), ...slow]);
    const durationMs = performance.now() - started;

    if (Object.getOwnPropertyNames(Object.prototype).join() !== prototypeKeys || 'polluted' in {})
      violations.push({ category: 'process', label: 'prototype', detail: 'Object.prototype was changed' });
    const health = await send(base, agent, { method: 'GET', path: '/__harness/health' });
    const healthAfter = health.status === 200 && JSON.parse(health.text).ok === true;
    if (!healthAfter)
      violations.push({ category: 'process', label: 'health', detail: `health answered ${health.status}` });

    const live = await verifyLedger(base, agent, ctx, 'live');
    violations.push(...live.violations);
    violations.push(...(await verifyContract(base, agent, ctx)));
    const databaseFile = path.join(dataDir, DATABASE_FILE);
    violations.push(...(await verifyBatches(base, agent, ctx, databaseFile, 'live')));
    await emulator.close();
    emulator = await startEmulator();
    const restartedBase = await emulator.listen({ port: 0, host: '127.0.0.1' });
    platformUrl = restartedBase;
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
    await provider.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
