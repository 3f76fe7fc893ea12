/**
 * Hostile input and load against the platform emulator (docs/security.md, "HTTP faults and nothing lost"): at least
 * 5,000 malformed and hostile requests mixed with valid writes, against an in-process emulator on an ephemeral port.
 * Prints a table of answers by category and status, writes `bench-results/hostile-load.json`, and exits 1 on any
 * violation (a 5xx, no answer, a lost write, a crash).
 *
 *   npm run load:hostile -- [--requests 5000] [--seed 20261122]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { formatReport, runHostileLoad } from './hostile-load-runner.ts';

const { values } = parseArgs({
  options: { requests: { type: 'string', default: '5000' }, seed: { type: 'string', default: '20261122' } },
});
const arg = (name: keyof typeof values) => {
  const value = Number(values[name]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} needs a positive whole number`);
  return value;
};

const report = await runHostileLoad({
  requests: arg('requests'),
  seed: arg('seed'),
  timeBudgetMs: 100_000,
});
console.log(formatReport(report));
const out = path.resolve(import.meta.dirname, '..', '..', '..', 'bench-results', 'hostile-load.json');
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify({ date: new Date().toISOString(), ...report }, null, 2)}\n`);
console.log(`wrote ${path.relative(process.cwd(), out)}`);
process.exit(report.violations.length === 0 && report.requests >= 5_000 ? 0 : 1);
