import { existsSync } from 'node:fs';
import { Agent, request as httpRequest, IncomingMessage } from 'node:http';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { type FunctionDefinition, findFunction, listFunctions } from './function-catalog.ts';
import { FunctionFailedError, FunctionTimeoutError } from './function-errors.ts';
import { type FunctionProcess, startFunctionProcess } from './function-process.ts';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');
/** The pinned `deno` dev dependency: the only Deno the harness runs. */
const DEFAULT_DENO = path.join(REPO_ROOT, 'node_modules/.bin/deno');
/** The project's functions, as the platform's CLI deploys them. */
const DEFAULT_FUNCTIONS_DIR = path.join(REPO_ROOT, 'base44/functions');
const SHIM = path.join(import.meta.dirname, 'deno-shim.ts');

/** A cold start may fetch `npm:` packages into Deno's cache first. */
const START_TIMEOUT_MS = 60_000;
/** How long a failed connection waits to learn whether the process exited. */
const EXIT_GRACE_MS = 500;
/** How long a started function may take to answer one request. */
const REQUEST_TIMEOUT_MS = 30_000;

export interface FunctionRunnerOptions {
  functionsDir?: string;
  deno?: string;
  /** The environment of a new function process. */
  env: () => Record<string, string>;
  requestTimeoutMs?: number;
  startTimeoutMs?: number;
  quiet: boolean;
}

export interface ForwardedRequest {
  method: string;
  /** Path and query as the caller sent them. */
  url: string;
  headers: Record<string, string>;
  body: Buffer | null;
}

export interface FunctionAnswer {
  status: number;
  contentType: string | null;
  body: Readable | null;
}

export interface FunctionInfo {
  name: string;
  pid: number;
  port: number;
  started_at: string;
  starts: number;
}

/**
 * One request to a function's process, with exactly the given headers (Node adds only Host, Content-Length and
 * Connection; `fetch` would add its own Accept, User-Agent and Sec-Fetch-Mode).
 */
function sendTo(port: number, request: ForwardedRequest, agent: Agent, signal: AbortSignal) {
  return new Promise<IncomingMessage>((resolve, reject) => {
    const body = request.body && request.body.length > 0 ? request.body : null;
    const length = body ? body.length : request.method === 'GET' ? null : 0;
    const outgoing = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: request.method,
        path: request.url,
        headers: length === null ? request.headers : { ...request.headers, 'Content-Length': String(length) },
        agent,
        signal,
      },
      resolve,
    );
    outgoing.once('error', reject);
    outgoing.end(body ?? undefined);
  });
}

/**
 * Runs the project's backend functions the way the platform does: each under Deno, started on its first call and then
 * kept warm (one process per function; concurrent first calls share one start). A process that exits is forgotten,
 * so the next call starts it again.
 */
export class FunctionRunner {
  readonly functionsDir: string;
  private readonly deno: string;
  private readonly denoConfig: string | null;
  private readonly requestTimeoutMs: number;
  private readonly startTimeoutMs: number;
  private readonly starting = new Map<string, Promise<FunctionProcess>>();
  private readonly running = new Map<string, FunctionProcess>();
  private readonly starts = new Map<string, number>();
  private closed = false;
  // Warm calls reuse their connection to the function.
  private readonly agent = new Agent({ keepAlive: true });

  constructor(private readonly opts: FunctionRunnerOptions) {
    this.functionsDir = path.resolve(opts.functionsDir ?? DEFAULT_FUNCTIONS_DIR);
    this.deno = opts.deno ?? DEFAULT_DENO;
    // The project's deno.json (beside the functions folder) pins npm: imports and keeps Deno out of node_modules.
    const config = path.join(path.dirname(this.functionsDir), 'deno.json');
    this.denoConfig = existsSync(config) ? config : null;
    this.requestTimeoutMs = opts.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
    this.startTimeoutMs = opts.startTimeoutMs ?? START_TIMEOUT_MS;
  }

  /** The function called `name`, or null (see `findFunction`). */
  find(name: string): FunctionDefinition | null {
    return findFunction(this.functionsDir, name);
  }

  private log(name: string, stream: 'stdout' | 'stderr', line: string): void {
    if (this.opts.quiet) return;
    (stream === 'stderr' ? console.error : console.log)(`[function ${name}] ${line}`);
  }

  private denoArgs(): string[] {
    return [
      'run',
      '--no-prompt',
      ...(this.denoConfig ? ['--config', this.denoConfig] : ['--no-config']),
      // Listening on 127.0.0.1 and calling the emulator (the platform API and the payment double) is all it needs.
      '--allow-net=127.0.0.1,localhost,[::1]',
      // npm packages read the whole of process.env; the environment itself is built from scratch (function-env.ts).
      '--allow-env',
      '--preload',
      SHIM,
    ];
  }

  /** The warm process of a function, started once however many callers wait for it. */
  private ensure(fn: FunctionDefinition): Promise<FunctionProcess> {
    if (this.closed) return Promise.reject(new FunctionFailedError(fn.name, 'the emulator is shutting down'));
    const pending = this.starting.get(fn.name);
    if (pending) return pending;
    const started = startFunctionProcess({
      name: fn.name,
      deno: this.deno,
      args: this.denoArgs(),
      entry: fn.entry,
      cwd: fn.dir,
      env: this.opts.env(),
      startTimeoutMs: this.startTimeoutMs,
      log: (stream, line) => this.log(fn.name, stream, line),
    });
    this.starting.set(fn.name, started);
    this.starts.set(fn.name, (this.starts.get(fn.name) ?? 0) + 1);
    const forget = () => {
      if (this.starting.get(fn.name) === started) this.starting.delete(fn.name);
    };
    started.then(
      (proc) => {
        this.running.set(fn.name, proc);
        void proc.exited.then(() => {
          forget();
          if (this.running.get(fn.name) === proc) this.running.delete(fn.name);
        });
        // Closed while it was starting: nobody else will stop it.
        if (this.closed) void proc.stop();
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
    const proc = await this.ensure(fn);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.requestTimeoutMs);
    const exit = proc.exited.then((reason) => ({ reason }));
    let response: IncomingMessage;
    try {
      const answer = await Promise.race([sendTo(proc.port, request, this.agent, controller.signal), exit]);
      if (!(answer instanceof IncomingMessage))
        throw new FunctionFailedError(fn.name, `its process ${answer.reason}`);
      response = answer;
    } catch (error) {
      clearTimeout(timer);
      if (controller.signal.aborted) throw new FunctionTimeoutError(fn.name, this.requestTimeoutMs);
      if (error instanceof FunctionFailedError) throw error;
      // A dying process resets its connections a moment before its exit is seen: name the exit when it comes.
      const exited = await Promise.race([proc.exited, sleep(EXIT_GRACE_MS).then(() => null)]);
      if (exited) throw new FunctionFailedError(fn.name, `its process ${exited}`);
      const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      throw new FunctionFailedError(fn.name, `the connection to its process failed (${code})`);
    }
    // The bound covers the body too: a function that starts answering and then hangs is cut off.
    response.once('close', () => clearTimeout(timer));
    const type = response.headers['content-type'];
    return { status: response.statusCode ?? 502, contentType: type ?? null, body: response };
  }

  /** Starts every function of the project in the background, so that the first visitor does not wait for Deno. */
  async warm(): Promise<void> {
    await Promise.allSettled(
      listFunctions(this.functionsDir).map(async (name) => {
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
    return [...this.running.values()].map((p) => ({
      name: p.name,
      pid: p.pid,
      port: p.port,
      started_at: p.startedAt,
      starts: this.starts.get(p.name) ?? 0,
    }));
  }

  /** Stops one function's process (the next call starts it again); false when it was not running. */
  async stop(name: string): Promise<boolean> {
    const proc = this.running.get(name);
    if (!proc) return false;
    await proc.stop();
    await proc.exited;
    return true;
  }

  /** Stops every function process, including those still starting. */
  async close(): Promise<void> {
    this.closed = true;
    const all = [...this.starting.values()].map((started) =>
      started.then(
        (proc) => proc.stop(),
        () => undefined,
      ),
    );
    await Promise.all([...all, ...[...this.running.values()].map((p) => p.stop())]);
    this.agent.destroy();
  }
}
