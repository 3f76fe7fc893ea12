import { createRequire } from 'node:module';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { build } from 'esbuild';
import { Miniflare } from 'miniflare';
import { bundleFunction, FunctionBundleError } from './function-bundle.ts';
import { FunctionFailedError } from './function-errors.ts';
import {
  type ForwardedRequest,
  type FunctionAnswer,
  type FunctionInstance,
  type FunctionRuntime,
  lineTail,
  type StartOptions,
} from './function-runtime.ts';
import { CALL_KEY_HEADER, FORWARDED_LIST_HEADER, newCallKey } from './harness-call.ts';

/** The platform's settings for functions in workerd (its CLI 0.1.18). */
export const COMPATIBILITY_DATE = '2026-06-01';
export const COMPATIBILITY_FLAGS = ['nodejs_compat'];
/** Keep in step with `LOAD_HEADER` in workerd-entry.ts. */
const LOAD_HEADER = 'x-harness-load';
/** The JSON key of the line workerd-launch.sh prints first. */
const PID_KEY = 'harnessWorkerdPid';
const LAUNCHER = path.join(import.meta.dirname, 'workerd-launch.sh');
/** The workerd binary miniflare itself would run (it ships in an npm package: nothing is downloaded). */
const WORKERD = createRequire(createRequire(import.meta.url).resolve('miniflare'))('workerd')
  .default as string;

/** The generated Worker entry (workerd-entry.ts), built once per harness process. */
let entryModule: Promise<string> | null = null;
function workerEntry(): Promise<string> {
  entryModule ??= build({
    entryPoints: [path.join(import.meta.dirname, 'workerd-entry.ts')],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    external: ['node:*', './call-key.js', './function.js'],
    write: false,
    logLevel: 'silent',
  }).then((result) => result.outputFiles[0]?.text ?? '');
  return entryModule;
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

/**
 * Functions in workerd, as the platform runs them deployed: each function's bundle (function-bundle.ts) behind the
 * platform's entry contract (workerd-entry.ts), one workerd process per function through miniflare. workerd listens on
 * a loopback port, which refuses every request that lacks this start's key (harness-call.ts).
 */
export class WorkerdRuntime implements FunctionRuntime {
  readonly name = 'workerd';

  async start({ fn, secrets, startTimeoutMs, log }: StartOptions): Promise<FunctionInstance> {
    let code: string;
    try {
      code = (await bundleFunction(fn.entry)).code;
    } catch (error) {
      if (!(error instanceof FunctionBundleError)) throw error;
      for (const line of error.message.split('\n')) log('stderr', `bundle: ${line}`);
      throw new FunctionFailedError(fn.name, `it could not be bundled: ${error.message.split('\n')[0]}`);
    }
    const key = newCallKey();
    const tail = lineTail();
    let pid: number | null = null;
    let stopping = false;
    let settleExit: (reason: string) => void = () => {};
    const exited = new Promise<string>((resolve) => {
      settleExit = resolve;
    });
    let spawned = 0;
    // Miniflare restarts a workerd that died; here a dead workerd is a crashed function, started afresh on the next call.
    const watchOutput = (stdout: Readable, stderr: Readable) => {
      const first = spawned++ === 0;
      createInterface({ input: stdout }).on('line', (line) => log('stdout', line));
      createInterface({ input: stderr }).on('line', (line) => {
        if (first && pid === null && line.startsWith(`{"${PID_KEY}":`)) {
          pid = (JSON.parse(line) as Record<string, number>)[PID_KEY] ?? null;
          return;
        }
        tail.push(line);
        log('stderr', line);
      });
      if (first) stderr.once('end', crashed);
    };
    const crashed = () => {
      if (stopping) return;
      log('stderr', 'process ended unexpectedly');
      settleExit('ended unexpectedly');
      // Miniflare is already starting another workerd for it: that one is not wanted.
      void dispose();
    };

    process.env.MINIFLARE_WORKERD_PATH = LAUNCHER;
    const mf = new Miniflare({
      modules: [
        { type: 'ESModule', path: 'entry.js', contents: await workerEntry() },
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
      handleRuntimeStdio: watchOutput,
      unsafeRuntimeEnv: { HARNESS_WORKERD: WORKERD },
    });
    let disposing: Promise<void> | null = null;
    const dispose = () => {
      disposing ??= mf.dispose().catch(() => {});
      return disposing;
    };
    const stop = async () => {
      stopping = true;
      await dispose();
      settleExit('was stopped');
    };
    const startedAt = new Date().toISOString();
    let port: number;
    try {
      const url = await withinStartBound(mf.ready, fn.name, startTimeoutMs, tail.lines);
      port = Number(url.port);
      const loaded = await withinStartBound(
        mf.dispatchFetch(`http://127.0.0.1:${port}/`, {
          headers: { [CALL_KEY_HEADER]: key, [LOAD_HEADER]: '1' },
        }),
        fn.name,
        startTimeoutMs,
        tail.lines,
      );
      if (loaded.status !== 204) {
        const { message } = (await loaded.json()) as { message?: string };
        throw new FunctionFailedError(fn.name, message ?? `its load answered ${loaded.status}`, tail.lines);
      }
    } catch (error) {
      await stop();
      if (error instanceof FunctionFailedError) throw error;
      throw new FunctionFailedError(
        fn.name,
        `workerd could not start (${(error as Error).message})`,
        tail.lines,
      );
    }

    const send = async (request: ForwardedRequest, signal: AbortSignal): Promise<FunctionAnswer> => {
      const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
      const body = hasBody ? (request.body ?? Buffer.alloc(0)) : null;
      const headers: Record<string, string> = {
        ...request.headers,
        [FORWARDED_LIST_HEADER]: Object.keys(request.headers).join(','),
        [CALL_KEY_HEADER]: key,
      };
      if (body) headers['Content-Length'] = String(body.length);
      const response = await mf.dispatchFetch(`http://127.0.0.1:${port}${request.url}`, {
        method: request.method,
        headers,
        body,
        signal,
        redirect: 'manual',
      });
      return {
        status: response.status,
        contentType: response.headers.get('content-type'),
        body: response.body ? Readable.fromWeb(response.body as WebReadableStream) : null,
      };
    };
    return {
      name: fn.name,
      // Said by the launcher as workerd starts; read when asked.
      get pid() {
        return pid;
      },
      port,
      startedAt,
      exited,
      send,
      stop,
    };
  }
}
