/** How the benchmarks judge the machine they ran on (scripts/bench-machine.mjs). */
import { describe, expect, it } from 'vitest';
import {
  chromiumVersion,
  judgeMachine,
  settleMachine,
  watchMachine,
} from '../../../scripts/bench-machine.mjs';

const run = (loadAverage: number, othersLoad: number, benchmarkIndex: number) => ({
  loadAverage,
  othersLoad,
  benchmarkIndex,
});

describe('judgeMachine', () => {
  it('calls a quiet, steady machine quiet, and gives the ranges', () => {
    const verdict = judgeMachine([run(0.4, 0.1, 1700), run(0.9, 0.5, 1850), run(0.8, 0.2, 1780)]);
    expect(verdict.busy).toBe(false);
    expect(verdict.reasons).toEqual([]);
    expect(verdict.benchmarkIndex).toEqual({ min: 1700, max: 1850, median: 1780 });
    expect(verdict.loadAverage).toEqual({ min: 0.4, max: 0.9 });
  });

  it('marks the run set busy when the load average before it was over 1', () => {
    const verdict = judgeMachine([run(1.2, 0.1, 1700), run(0.2, 0.1, 1700)]);
    expect(verdict.busy).toBe(true);
    expect(verdict.reasons.join()).toMatch(/load average 1\.20 before the first run/);
  });

  it('marks it busy when other processes kept more than one thread runnable during a run', () => {
    expect(judgeMachine([run(0.5, 0.2, 1700), run(0.5, 1.4, 1700)]).busy).toBe(true);
  });

  it("marks it busy when Lighthouse's benchmark index varies more than 20% within the set", () => {
    expect(judgeMachine([run(0.5, 0.2, 1500), run(0.5, 0.2, 1800)]).busy).toBe(false);
    const verdict = judgeMachine([run(0.5, 0.2, 1500), run(0.5, 0.2, 1801)]);
    expect(verdict.busy).toBe(true);
    expect(verdict.reasons.join()).toMatch(/benchmark index varied 20%|benchmark index varied 2\d%/);
  });
});

describe('watchMachine', () => {
  it('reads the load average and samples the other processes during a run', async () => {
    const watch = watchMachine();
    await new Promise((done) => setTimeout(done, 600));
    const result = watch.stop();
    expect(result.loadAverage).toBeGreaterThanOrEqual(0);
    expect(result.othersLoad).toBeGreaterThanOrEqual(0);
    expect(result.samples).toBeGreaterThanOrEqual(1);
  });
});

describe('settleMachine', () => {
  /** A load average that reads `values` one after the other (the last one from then on). */
  const readings = (...values: number[]) => {
    let next = 0;
    return () => values[Math.min(next++, values.length - 1)] ?? Number.NaN;
  };

  it('starts at once on a quiet machine', async () => {
    const lines: string[] = [];
    const result = await settleMachine({ read: readings(0.4), pollMs: 5, log: (line) => lines.push(line) });
    expect(result).toMatchObject({ settled: true, loadAverage: 0.4 });
    expect(lines).toEqual([]);
  });

  it('waits until the load average falls to 1 or under, then starts', async () => {
    const lines: string[] = [];
    const result = await settleMachine({
      read: readings(2.1, 1.6, 1.2, 0.98),
      pollMs: 5,
      log: (line) => lines.push(line),
    });
    expect(result).toMatchObject({ settled: true, loadAverage: 0.98 });
    expect(lines[0]).toMatch(/waiting for the load average \(2\.10\)/);
    expect(lines[1]).toMatch(/load average 0\.98 after \d+ s: starting$/);
  });

  it('gives up after its timeout and says the results will be marked busy', async () => {
    const lines: string[] = [];
    const result = await settleMachine({
      read: readings(1.8),
      pollMs: 5,
      timeoutMs: 40,
      log: (line) => lines.push(line),
    });
    expect(result.settled).toBe(false);
    expect(result.waitedMs).toBeGreaterThanOrEqual(40);
    expect(lines.at(-1)).toMatch(/still 1\.80 .*marked busy/);
  });
});

describe('chromiumVersion', () => {
  it("falls back to the result's user agent when no browser answers on the port", async () => {
    const lhr = { environment: { hostUserAgent: 'Mozilla/5.0 HeadlessChrome/156.0.0.0 Safari/537.36' } };
    expect(await chromiumVersion(1, lhr)).toBe('156.0.0.0');
    expect(await chromiumVersion(1)).toBe('unknown');
  });
});
