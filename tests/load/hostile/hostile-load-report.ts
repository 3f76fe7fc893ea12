/** The hostile-load report: its shape, and the table the script and the test print. */
import type { Category } from './hostile-load-cases.ts';

export interface Violation {
  category: Category | 'read-back' | 'process';
  label: string;
  detail: string;
}

export interface HostileLoadReport {
  seed: number;
  requests: number;
  durationMs: number;
  requestsPerSecond: number;
  concurrency: number;
  /** Answers by category and status (`0` = no answer). */
  byCategory: Record<string, Record<string, number>>;
  /** Requests tried in each category (follow-ups included) and how many were answered rightly. */
  outcomes: Record<string, { tried: number; passed: number }>;
  serverErrors: number;
  noAnswer: number;
  latencyMs: { p50: number; p99: number; max: number };
  writes: { acknowledged: number; readBackLive: number; readBackAfterRestart: number; uploads: number };
  healthAfter: boolean;
  databaseIntegrity: string;
  violations: Violation[];
}

/** The report as a table: answers by category and status, then the totals and the violations. */
export function formatReport(report: HostileLoadReport): string {
  const statuses = [...new Set(Object.values(report.byCategory).flatMap((c) => Object.keys(c)))].sort(
    (a, b) => Number(a) - Number(b),
  );
  const header = `| ${'category'.padEnd(21)} | ${'tried'.padStart(5)} | ${'passed'.padStart(6)} | ${statuses.map((s) => (s === '0' ? 'none' : s).padStart(4)).join(' | ')} |`;
  const rows = Object.entries(report.byCategory).map(([category, counts]) => {
    const { tried, passed } = report.outcomes[category] ?? { tried: 0, passed: 0 };
    return `| ${category.padEnd(21)} | ${String(tried).padStart(5)} | ${String(passed).padStart(6)} | ${statuses.map((s) => String(counts[s] ?? '').padStart(4)).join(' | ')} |`;
  });
  const tried = Object.values(report.outcomes).reduce((n, o) => n + o.tried, 0);
  const passed = Object.values(report.outcomes).reduce((n, o) => n + o.passed, 0);
  const w = report.writes;
  return [
    header,
    header.replace(/[^|]/g, '-'),
    ...rows,
    '',
    `cases tried: ${tried}, passed: ${passed} (follow-up requests included)`,
    `${report.requests} requests in ${(report.durationMs / 1000).toFixed(1)} s (${report.requestsPerSecond} req/s, concurrency ${report.concurrency}, seed ${report.seed}); p50 ${report.latencyMs.p50} ms, p99 ${report.latencyMs.p99} ms, max ${report.latencyMs.max} ms`,
    `5xx: ${report.serverErrors}; no answer: ${report.noAnswer}; health after: ${report.healthAfter ? 'ok' : 'FAILED'}; database integrity: ${report.databaseIntegrity}`,
    `acknowledged writes: ${w.acknowledged} records (+${w.uploads} uploads); read back live: ${w.readBackLive}, after restart: ${w.readBackAfterRestart}`,
    `violations: ${report.violations.length}`,
    ...report.violations.slice(0, 25).map((v) => `  - [${v.category}] ${v.label}: ${v.detail}`),
  ].join('\n');
}
