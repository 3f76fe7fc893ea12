import { type FSWatcher, watch } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { DenoRuntime } from './deno-runtime.ts';
import { type FunctionCatalog, type FunctionDefinition, projectCatalog } from './function-catalog.ts';
import { FunctionFailedError, FunctionTimeoutError } from './function-errors.ts';
import type {
  ForwardedRequest,
  FunctionAnswer,
  FunctionInstance,
  FunctionRuntime,
  RuntimeName,
} from './function-runtime.ts';
import { DEFAULT_FUNCTIONS_DIR } from './project-paths.ts';
import { WorkerdRuntime } from './workerd-runtime.ts';

export type { ForwardedRequest, FunctionAnswer } from './function-runtime.ts';

/** A cold start may bundle, or (Deno) fetch `npm:` packages into Deno's cache first. */
const START_TIMEOUT_MS = 60_000;
/** How long a failed call waits to learn whether the process exited. */
const EXIT_GRACE_MS = 500;
/** How long a started function may take to answer one request. */
const REQUEST_TIMEOUT_MS = 30_000;
/** Changes to the project's files closer together than this restart a function once. */
const WATCH_SETTLE_MS = 150;

export interface FunctionRunnerOptions {
  functionsDir?: string;
  /** Where functions are found; default the project's folder, `functionsDir` (a deployment puts its own in front). */
  catalog?: FunctionCatalog;
  /** workerd (as deployed) or Deno (the platform's fallback). */
  runtime: RuntimeName;
  /** The secrets of a new function instance (function-env.ts). */
  secrets: () => Record<string, string>;
  requestTimeoutMs?: number;
  startTimeoutMs?: number;
  quiet: boolean;
}

/** One line a function wrote, as the platform's dashboard lists its logs. */
export interface FunctionLogLine {
  at: string;
  stream: 'stdout' | 'stderr';
  line: string;
}

/** Lines kept per function (the newest; older ones are dropped). */
export const LOG_LINES_KEPT = 500;

export interface FunctionInfo {
  name: string;
  runtime: RuntimeName;
  pid: number | null;
  port: number;
  started_at: string;
  starts: number;
}

/**
 * Runs the project's backend functions the way the platform does: each in its runtime, started on its first call and
 * then kept warm (one instance per function; concurrent first calls share one start). An instance whose process
 * exits is forgotten, so the next call starts it again.
 */
export class FunctionRunner {
  readonly functionsDir: string;
  readonly runtime: FunctionRuntime;
  private readonly catalog: FunctionCatalog;
  private readonly requestTimeoutMs: number;
  private readonly startTimeoutMs: number;
  private readonly starting = new Map<string, Promise<FunctionInstance>>();
  private readonly running = new Map<string, FunctionInstance>();
  private readonly starts = new Map<string, number>();
  /**
   * What each function was (last) started from: its entry file and its secrets. A call that finds either changed (a
   * deployment, a secret set, a reset) starts the function afresh.
   */
  private readonly versions = new Map<string, string>();
  private readonly logs = new Map<string, FunctionLogLine[]>();
  private closed = false;
  private watcher: FSWatcher | null = null;
  private watchTimer: NodeJS.Timeout | undefined;

  constructor(private readonly opts: FunctionRunnerOptions) {
    this.functionsDir = path.resolve(opts.functionsDir ?? DEFAULT_FUNCTIONS_DIR);
    this.catalog = opts.catalog ?? projectCatalog(this.functionsDir);
    this.runtime = opts.runtime === 'deno' ? new DenoRuntime(this.functionsDir) : new WorkerdRuntime();
    this.requestTimeoutMs = opts.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
    this.startTimeoutMs = opts.startTimeoutMs ?? START_TIMEOUT_MS;
  }

  /** The function called `name`, or null (see `findFunction`). */
  find(name: string): FunctionDefinition | null {
    return this.catalog.find(name);
  }

  /**
   * A line of a function's output: kept for `GET /__harness/functions/{name}/logs` (what the platform's dashboard shows
   * the app's owner of a function's logs), and printed unless quiet.
   */
  private log(name: string, stream: 'stdout' | 'stderr', line: string): void {
    const kept = this.logs.get(name) ?? [];
    kept.push({ at: new Date().toISOString(), stream, line: line.slice(0, 2_000) });
    if (kept.length > LOG_LINES_KEPT) kept.splice(0, kept.length - LOG_LINES_KEPT);
    this.logs.set(name, kept);
    if (this.opts.quiet) return;
    (stream === 'stderr' ? console.error : console.log)(`[function ${name}] ${line}`);
  }

  /** A function's newest log lines, oldest first (none when it never wrote). */
  logsOf(name: string): FunctionLogLine[] {
    return [...(this.logs.get(name) ?? [])];
  }

  /** Forgets every function's log lines (a reset of the harness). */
  clearLogs(): void {
    this.logs.clear();
  }

  /** The warm instance of a function, started once however many callers wait for it. */
  private ensure(fn: FunctionDefinition): Promise<FunctionInstance> {
    if (this.closed) return Promise.reject(new FunctionFailedError(fn.name, 'the emulator is shutting down'));
    const secrets = this.opts.secrets();
    const version = JSON.stringify([fn.entry, secrets]);
    const pending = this.starting.get(fn.name);
    if (pending && this.versions.get(fn.name) === version) return pending;
    // Another version of the function (a deployment's, new secrets, the project's again after a reset) takes the place
    // of the one started before: that one is stopped first, and every caller from now on waits for the new one.
    const replaced = pending
      ? pending.then(
          (old) => old.stop().then(() => old.exited),
          () => undefined,
        )
      : Promise.resolve();
    const started = replaced.then(() =>
      this.runtime.start({
        fn,
        secrets,
        startTimeoutMs: this.startTimeoutMs,
        log: (stream, line) => this.log(fn.name, stream, line),
      }),
    );
    this.starting.set(fn.name, started);
    this.versions.set(fn.name, version);
    this.starts.set(fn.name, (this.starts.get(fn.name) ?? 0) + 1);
    const forget = () => {
      if (this.starting.get(fn.name) === started) this.starting.delete(fn.name);
    };
    started.then(
      (instance) => {
        this.running.set(fn.name, instance);
        void instance.exited.then(() => {
          forget();
          if (this.running.get(fn.name) === instance) this.running.delete(fn.name);
        });
        // Closed while it was starting: nobody else will stop it.
        if (this.closed) void instance.stop();
      },
      (error: Error) => {
        forget();
        this.log(fn.name, 'stderr', error.message);
      },
    );
    return started;
  }

  /** Forwards one request to a function and answers with its status, content type and (streamed) body. */
  async invoke(fn: FunctionDefinition, request: ForwardedRequest): Promise<FunctionAnswer> {
    const instance = await this.ensure(fn);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.requestTimeoutMs);
    const exit = instance.exited.then((reason) => ({ reason }));
    let answer: FunctionAnswer;
    try {
      const first = await Promise.race([instance.send(request, controller.signal), exit]);
      if ('reason' in first) throw new FunctionFailedError(fn.name, `its process ${first.reason}`);
      answer = first;
    } catch (error) {
      clearTimeout(timer);
      if (controller.signal.aborted) throw new FunctionTimeoutError(fn.name, this.requestTimeoutMs);
      if (error instanceof FunctionFailedError) throw error;
      // A dying process resets its connections a moment before its exit is seen: name the exit when it comes.
      const exited = await Promise.race([instance.exited, sleep(EXIT_GRACE_MS).then(() => null)]);
      if (exited) throw new FunctionFailedError(fn.name, `its process ${exited}`);
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      const code = (error as NodeJS.ErrnoException).code ?? cause ?? (error as Error).message;
      throw new FunctionFailedError(fn.name, `the connection to its process failed (${code})`);
    }
    // The bound covers the body too: a function that starts answering and then hangs is cut off.
    if (answer.body) answer.body.once('close', () => clearTimeout(timer));
    else clearTimeout(timer);
    return answer;
  }

  /** Starts every function of the project in the background, so that the first visitor does not wait for it. */
  async warm(): Promise<void> {
    await Promise.allSettled(
      this.catalog.list().map(async (name) => {
        try {
          const fn = this.find(name);
          if (fn) await this.ensure(fn);
        } catch (error) {
          // Already in the log when its process failed; a broken folder is reported here.
          if (error instanceof FunctionFailedError && error.stderr.length === 0) {
            this.log(name, 'stderr', error.message);
          }
        }
      }),
    );
  }

  /** The running functions. */
  list(): FunctionInfo[] {
    return [...this.running.values()].map((instance) => ({
      name: instance.name,
      runtime: this.runtime.name,
      pid: instance.pid,
      port: instance.port,
      started_at: instance.startedAt,
      starts: this.starts.get(instance.name) ?? 0,
    }));
  }

  /** Ends a function's instance, one still starting included: the next call starts it afresh. */
  async retire(name: string): Promise<void> {
    await this.starting.get(name)?.catch(() => null);
    await this.stop(name);
  }

  /** Stops one function (the next call starts it again); false when it was not running. */
  async stop(name: string): Promise<boolean> {
    const instance = this.running.get(name);
    if (!instance) return false;
    await instance.stop();
    await instance.exited;
    return true;
  }

  /**
   * Watches the project's folder (the one holding the functions folder: `base44/`) and starts afresh each running
   * function whose files changed: its own folder, or anything else there (`shared/`, deno.json), which any function
   * may use. A function that no longer builds or starts says why in the log, and its calls answer 500 until fixed.
   */
  watch(): void {
    if (this.watcher) return;
    const projectDir = path.dirname(this.functionsDir);
    const changed = new Set<string>();
    this.watcher = watch(projectDir, { recursive: true }, (_event, file) => {
      if (!file) return;
      changed.add(path.join(projectDir, file.toString()));
      clearTimeout(this.watchTimer);
      this.watchTimer = setTimeout(() => {
        const files = [...changed];
        changed.clear();
        if (!this.closed) void this.restartFor(files);
      }, WATCH_SETTLE_MS);
    });
  }

  private async restartFor(files: string[]): Promise<void> {
    const owners = files.map((file) => path.relative(this.functionsDir, file).split(path.sep));
    const everyone = owners.some((parts) => parts[0] === '..' || parts.length < 2);
    const names = new Set(owners.map((parts) => parts[0]!));
    const shown = files.map((file) => path.relative(path.dirname(this.functionsDir), file)).join(', ');
    // Every function started before, running or not: one that failed to build may build now.
    await Promise.all(
      [...this.starts.keys()]
        .filter((name) => everyone || names.has(name))
        .map(async (name) => {
          this.log(name, 'stdout', `restarting: ${shown} changed`);
          await this.retire(name);
          // The emulator may have closed (and its database with it) while the function stopped.
          if (this.closed) return;
          const fn = this.find(name);
          if (!fn) return;
          const started = await this.ensure(fn).catch(() => null);
          if (started) this.log(name, 'stdout', 'restarted');
        }),
    );
  }

  /** Stops every function, including those still starting. */
  async close(): Promise<void> {
    this.closed = true;
    this.watcher?.close();
    clearTimeout(this.watchTimer);
    const all = [...this.starting.values()].map((started) =>
      started.then(
        (instance) => instance.stop(),
        () => undefined,
      ),
    );
    await Promise.all([...all, ...[...this.running.values()].map((instance) => instance.stop())]);
    this.runtime.close?.();
  }
}
