/**
 * What the machine was doing while a benchmark ran (`bench.mjs`, `bench-compare.mjs`): a Lighthouse score taken on a
 * busy machine measures the machine (84–94 on a loaded 2-core machine against 100 on a quiet one, same build), so every
 * run records
 * - `loadAverage`: the kernel's 1-minute load average, read just before the run;
 * - `othersLoad`: the mean number of threads outside the benchmark (its node process, Chromium, the servers it
 *   started) that were running or waiting for a CPU during the run, sampled every 250 ms: the load average without
 *   the benchmark's own share, which on a 2-core machine alone would keep the kernel's figure near 1;
 * - `benchmarkIndex`: Lighthouse's own measure of the CPU it ran on (`lhr.environment.benchmarkIndex`);
 * and a run set is marked busy, with a warning, when the load average before its first run or the others' load in any
 * run is over 1, or the benchmark index varies more than 20% across its runs. Only unmarked results are quoted.
 * Before the first run the benchmarks wait (up to two minutes) for the load average to fall to 1, which their own
 * build keeps over 1 for about a minute.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';

/** Over this many runnable threads (load average, or others' load) the machine counts as busy. */
export const BUSY_LOAD = 1;
/** Over this spread of Lighthouse's benchmark index within a run set ((max − min) / min), the CPU was not steady. */
export const MAX_INDEX_SPREAD = 0.2;
const SAMPLE_MS = 250;

const read = (path) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
};

/** `[pid, parent pid, state]` from a `/proc/<pid>/stat` line (the command name may hold spaces and parentheses). */
function parseStat(text) {
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0], parent: Number(fields[1]) };
}

/** The process ids of `root` and all its descendants. */
function processTree(root) {
  const children = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const { parent } = parseStat(read(`/proc/${name}/stat`));
    if (!children.has(parent)) children.set(parent, []);
    children.get(parent).push(Number(name));
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]) ?? []));
  return tree;
}

/** Threads of `pids` running or waiting for a CPU (R), or in uninterruptible sleep (D): what the load average counts. */
function runnableThreads(pids) {
  let count = 0;
  for (const pid of pids) {
    let tasks = [];
    try {
      tasks = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tasks) {
      const { state } = parseStat(read(`/proc/${pid}/task/${tid}/stat`));
      if (state === 'R' || state === 'D') count++;
    }
  }
  return count;
}

/** The whole machine's running and blocked threads now (`/proc/stat`). */
function systemRunnable() {
  const stat = read('/proc/stat');
  const field = (name) => Number(stat.match(new RegExp(`^${name} (\\d+)`, 'm'))?.[1] ?? 0);
  return field('procs_running') + field('procs_blocked');
}

/** Starts watching the machine for one run; `stop()` gives `{ loadAverage, othersLoad, samples }`. */
export function watchMachine() {
  const loadAverage = loadavg()[0];
  const samples = [];
  const sample = () => {
    const ours = runnableThreads(processTree(process.pid));
    samples.push(Math.max(0, systemRunnable() - ours));
  };
  const timer = setInterval(sample, SAMPLE_MS);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      if (!samples.length) sample();
      const othersLoad = samples.reduce((sum, value) => sum + value, 0) / samples.length;
      return { loadAverage, othersLoad, samples: samples.length };
    },
  };
}

/**
 * Waits, before a run set's first run, for the 1-minute load average to fall to `BUSY_LOAD` or under: the benchmark's
 * own production build (or whatever ran just before) keeps it over 1 for a minute after it ends, and that is not the
 * machine being busy. Gives up after `timeoutMs` (the first run's load average then marks the set busy). `read`
 * gives the load average (the kernel's, `os.loadavg()[0]`, unless a caller passes its own).
 * Gives `{ settled, loadAverage, waitedMs }`.
 */
export async function settleMachine({
  timeoutMs = 120_000,
  pollMs = 2_000,
  read = () => loadavg()[0],
  log = (line) => console.log(line),
} = {}) {
  const started = Date.now();
  let loadAverage = read();
  const waited = loadAverage > BUSY_LOAD;
  if (waited)
    log(
      `[bench] waiting for the load average (${loadAverage.toFixed(2)}) to fall to ${BUSY_LOAD} or under …`,
    );
  while (loadAverage > BUSY_LOAD && Date.now() - started < timeoutMs) {
    await new Promise((done) => setTimeout(done, pollMs));
    loadAverage = read();
  }
  const waitedMs = Date.now() - started;
  const settled = loadAverage <= BUSY_LOAD;
  if (waited)
    log(
      settled
        ? `[bench] load average ${loadAverage.toFixed(2)} after ${Math.round(waitedMs / 1000)} s: starting`
        : `[bench] load average still ${loadAverage.toFixed(2)} after ${Math.round(waitedMs / 1000)} s: starting anyway (the results will be marked busy)`,
    );
  return { settled, loadAverage, waitedMs };
}

/**
 * The version of the Chromium listening for DevTools on `port` (its `/json/version`: the full version, where the
 * user agent Lighthouse records is reduced to `156.0.0.0`); `lhr`'s user agent when that cannot be read.
 */
export async function chromiumVersion(port, lhr) {
  try {
    const { Browser } = await (await fetch(`http://127.0.0.1:${port}/json/version`)).json();
    const version = String(Browser).match(/\/([\d.]+)/)?.[1];
    if (version) return version;
  } catch {
    // Read from the result below.
  }
  return lhr?.environment?.hostUserAgent?.match(/Chrome\/([\d.]+)/)?.[1] ?? 'unknown';
}

/**
 * Judges a run set from its runs (each with `loadAverage`, `othersLoad`, `benchmarkIndex`): `{ busy, reasons,
 * loadAverage, othersLoad, benchmarkIndex }`, the last three as `{ min, max }` (the index also with its median).
 */
export function judgeMachine(runs) {
  const range = (key) => {
    const values = runs.map((run) => run[key]).filter(Number.isFinite);
    return values.length ? { min: Math.min(...values), max: Math.max(...values) } : { min: NaN, max: NaN };
  };
  const loadAverage = range('loadAverage');
  const othersLoad = range('othersLoad');
  const index = range('benchmarkIndex');
  const sorted = runs
    .map((run) => run.benchmarkIndex)
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
  const benchmarkIndex = { ...index, median: sorted[Math.floor(sorted.length / 2)] ?? NaN };
  const reasons = [];
  const first = runs[0]?.loadAverage ?? NaN;
  if (first > BUSY_LOAD)
    reasons.push(`load average ${first.toFixed(2)} before the first run (over ${BUSY_LOAD})`);
  if (othersLoad.max > BUSY_LOAD)
    reasons.push(
      `other processes kept ${othersLoad.max.toFixed(2)} threads runnable during a run (over ${BUSY_LOAD})`,
    );
  const spread = (index.max - index.min) / index.min;
  if (spread > MAX_INDEX_SPREAD)
    reasons.push(
      `Lighthouse's benchmark index varied ${Math.round(spread * 100)}% (${Math.round(index.min)}–${Math.round(index.max)}; over ${MAX_INDEX_SPREAD * 100}%)`,
    );
  return { busy: reasons.length > 0, reasons, loadAverage, othersLoad, benchmarkIndex };
}

/** Prints the machine's verdict: a warning when busy (the results then must not be quoted), else one line. */
export function printMachine(verdict, chromium) {
  const index = verdict.benchmarkIndex;
  const summary = `Chromium ${chromium}; Lighthouse benchmark index ${Math.round(index.median)} (${Math.round(index.min)}–${Math.round(index.max)}); load average before runs ${verdict.loadAverage.min.toFixed(2)}–${verdict.loadAverage.max.toFixed(2)}; others' load during runs ${verdict.othersLoad.min.toFixed(2)}–${verdict.othersLoad.max.toFixed(2)}`;
  if (!verdict.busy) {
    console.log(`[bench] quiet machine: ${summary}`);
    return;
  }
  console.warn(
    `\n[bench] WARNING: BUSY MACHINE, these results measure the machine, not the code; do not quote them.`,
  );
  for (const reason of verdict.reasons) console.warn(`[bench]   ${reason}`);
  console.warn(`[bench]   ${summary}\n`);
}
