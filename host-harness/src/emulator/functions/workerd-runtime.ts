import { Agent } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import type { Miniflare } from 'miniflare';
import { bundleFunction, FunctionBundleError } from './function-bundle.ts';
import type { FunctionDefinition } from './function-catalog.ts';
import { FunctionFailedError } from './function-errors.ts';
import {
  type ForwardedRequest,
  type FunctionInstance,
  type FunctionRuntime,
  lineTail,
  type StartOptions,
} from './function-runtime.ts';
import { CALL_KEY_HEADER, newCallKey } from './harness-call.ts';
import { guardedLoopbacks, guardMiniflareLoopback } from './miniflare-loopback-guard.ts';
import { sendToPort } from './send-to-port.ts';

/** The platform's settings for functions in workerd (its CLI 0.1.18). */
export const COMPATIBILITY_DATE = '2026-06-01';
export const COMPATIBILITY_FLAGS = ['nodejs_compat'];
/** Keep in step with `LOAD_HEADER` in workerd-entry.ts. */
const LOAD_HEADER = 'x-harness-load';
/**
 * On every call: miniflare's entry Worker then hands the function's answer back as it is. Without it, a 500 carrying
 * `MF-Experimental-Error-Stack` is posted to miniflare's loopback server to become an error page (which the
 * platform does not make, and which that server refuses here: miniflare-loopback-guard.ts). Miniflare removes the
 * header before the function's request is built (`stripDisablePrettyError`, on by default).
 */
const RUNTIME_HEADERS = { 'MF-Disable-Pretty-Error': '1' };
/** The JSON key of the line workerd-launch.sh prints first. */
const PID_KEY = 'harnessWorkerdPid';
const LAUNCHER = path.join(import.meta.dirname, 'workerd-launch.sh');
/** The workerd binary miniflare itself would run (it ships in an npm package: nothing is downloaded). */
function workerdBinary(): string {
  return createRequire(createRequire(import.meta.url).resolve('miniflare'))('workerd').default as string;
}

/** miniflare and esbuild, loaded on the first start: most harness processes (and test files) never run a function. */
let tools: Promise<{ Miniflare: typeof Miniflare; build: typeof import('esbuild').build }> | null = null;
function loadTools() {
  guardMiniflareLoopback();
  tools ??= Promise.all([import('miniflare'), import('esbuild')]).then(([miniflare, esbuild]) => ({
    Miniflare: miniflare.Miniflare,
    build: esbuild.build,
  }));
  return tools;
}

type Log = StartOptions['log'];

/** The generated Worker entry (workerd-entry.ts), built once per harness process. */
let entryModule: Promise<string> | null = null;
function workerEntry(): Promise<string> {
  entryModule ??= loadTools()
    .then(({ build }) =>
      build({
        entryPoints: [path.join(import.meta.dirname, 'workerd-entry.ts')],
        bundle: true,
        format: 'esm',
        platform: 'neutral',
        target: 'es2022',
        external: ['node:*', './call-key.js', './function.js'],
        write: false,
        logLevel: 'silent',
      }),
    )
    .then((result) => result.outputFiles[0]?.text ?? '');
  return entryModule;
}

/** The function's bundle; a build error is a failed start whose whole message goes to the log. */
async function bundleOf(fn: FunctionDefinition, log: Log): Promise<string> {
  try {
    return (await bundleFunction(fn.entry)).code;
  } catch (error) {
    if (!(error instanceof FunctionBundleError)) throw error;
    for (const line of error.message.split('\n')) log('stderr', `bundle: ${line}`);
    throw new FunctionFailedError(fn.name, `it could not be bundled: ${error.message.split('\n')[0]}`);
  }
}

/** Races `promise` against the start bound. */
function withinStartBound<T>(promise: Promise<T>, name: string, ms: number, tail: string[]): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new FunctionFailedError(name, `it did not start within ${ms / 1000} s`, tail)),
      ms,
    );
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** One workerd process (through miniflare) running one function's bundle behind the entry, keyed for this start. */
class WorkerdProcess {
  pid: number | null = null;
  readonly tail = lineTail();
  readonly exited: Promise<string>;
  readonly mf: Miniflare;
  private settleExit: (reason: string) => void = () => {};
  private stopping = false;
  private disposing: Promise<void> | null = null;
  private spawned = 0;

  constructor(
    MiniflareClass: typeof Miniflare,
    code: string,
    entry: string,
    key: string,
    secrets: Record<string, string>,
    private readonly log: Log,
  ) {
    this.exited = new Promise<string>((resolve) => {
      this.settleExit = resolve;
    });
    // Read by miniflare when it spawns workerd: the launcher says the pid and ties workerd's life to the harness's.
    process.env.MINIFLARE_WORKERD_PATH = LAUNCHER;
    this.mf = new MiniflareClass({
      modules: [
        { type: 'ESModule', path: 'entry.js', contents: entry },
        {
          type: 'ESModule',
          path: 'call-key.js',
          contents: `export const CALL_KEY = ${JSON.stringify(key)};`,
        },
        { type: 'ESModule', path: 'function.js', contents: code },
      ],
      compatibilityDate: COMPATIBILITY_DATE,
      compatibilityFlags: COMPATIBILITY_FLAGS,
      // The function's secrets as string bindings: all it sees of any environment.
      bindings: secrets,
      handleRuntimeStdio: (stdout: Readable, stderr: Readable) => this.watch(stdout, stderr),
      // Else miniflare downloads a sample `request.cf` from workers.cloudflare.com (outside the npm registry); its
      // built-in placeholder does, as these functions never read `request.cf`.
      cf: false,
      unsafeRuntimeEnv: { HARNESS_WORKERD: workerdBinary() },
    });
  }

  /** Output to the harness log; the end of the first workerd's output is its death. */
  private watch(stdout: Readable, stderr: Readable): void {
    const first = this.spawned++ === 0;
    createInterface({ input: stdout }).on('line', (line) => this.log('stdout', line));
    createInterface({ input: stderr }).on('line', (line) => {
      if (first && this.pid === null && line.startsWith(`{"${PID_KEY}":`)) {
        this.pid = (JSON.parse(line) as Record<string, number>)[PID_KEY] ?? null;
        return;
      }
      this.tail.push(line);
      this.log('stderr', line);
    });
    if (first) stderr.once('end', () => this.crashed());
  }

  /** Miniflare restarts a workerd that died; here that is a crashed function, started afresh on its next call. */
  private crashed(): void {
    if (this.stopping) return;
    this.log('stderr', 'process ended unexpectedly');
    this.settleExit('ended unexpectedly');
    void this.dispose();
  }

  private dispose(): Promise<void> {
    this.disposing ??= this.mf.dispose().catch(() => {});
    return this.disposing;
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await this.dispose();
    this.settleExit('was stopped');
  }
}

/**
 * Functions in workerd, as the platform runs them deployed: each function's bundle (function-bundle.ts) behind the
 * platform's entry contract (workerd-entry.ts), one workerd process per function through miniflare. workerd listens on
 * a loopback port, which refuses every request that lacks this start's key (harness-call.ts).
 */
export class WorkerdRuntime implements FunctionRuntime {
  readonly name = 'workerd';
  // One connection per call: workerd closes idle connections at moments a reusing client cannot see coming.
  private readonly agent = new Agent({ keepAlive: false });

  async start({ fn, secrets, startTimeoutMs, log }: StartOptions): Promise<FunctionInstance> {
    const code = await bundleOf(fn, log);
    const key = newCallKey();
    const { Miniflare: MiniflareClass } = await loadTools();
    const loopbacksBefore = guardedLoopbacks();
    const proc = new WorkerdProcess(MiniflareClass, code, await workerEntry(), key, secrets, log);
    const startedAt = new Date().toISOString();
    let port: number;
    try {
      port = Number((await withinStartBound(proc.mf.ready, fn.name, startTimeoutMs, proc.tail.lines)).port);
      // Miniflare's own server must answer nothing (miniflare-loopback-guard.ts).
      if (guardedLoopbacks() === loopbacksBefore) {
        throw new FunctionFailedError(
          fn.name,
          "miniflare's loopback server could not be guarded, so it was not run",
        );
      }
      // The module loads inside this first request, as on the platform: module-scope reads see the secrets.
      const loaded = await withinStartBound(
        proc.mf.dispatchFetch(`http://127.0.0.1:${port}/`, {
          headers: { [CALL_KEY_HEADER]: key, [LOAD_HEADER]: '1' },
        }),
        fn.name,
        startTimeoutMs,
        proc.tail.lines,
      );
      if (loaded.status !== 204) {
        const { message } = (await loaded.json()) as { message?: string };
        throw new FunctionFailedError(
          fn.name,
          message ?? `its load answered ${loaded.status}`,
          proc.tail.lines,
        );
      }
    } catch (error) {
      await proc.stop();
      if (error instanceof FunctionFailedError) throw error;
      throw new FunctionFailedError(
        fn.name,
        `workerd could not start (${(error as Error).message})`,
        proc.tail.lines,
      );
    }

    const send = (request: ForwardedRequest, signal: AbortSignal) =>
      sendToPort(port, key, request, this.agent, signal, RUNTIME_HEADERS);
    return {
      name: fn.name,
      // Said by the launcher as workerd starts; read when asked.
      get pid() {
        return proc.pid;
      },
      port,
      startedAt,
      exited: proc.exited,
      send,
      stop: () => proc.stop(),
    };
  }

  close(): void {
    this.agent.destroy();
  }
}
