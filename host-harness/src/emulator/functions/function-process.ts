import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { FunctionFailedError } from './function-errors.ts';
import { lineTail } from './function-runtime.ts';

/** The JSON key of the line the preload shim prints once the function listens (see deno-shim.ts). */
const READY_KEY = 'harnessFunctionPort';
/** How long a process has to stop after SIGTERM before it is killed. */
const STOP_GRACE_MS = 2_000;

export interface StartOptions {
  name: string;
  /** The `deno` executable. */
  deno: string;
  /** Deno's arguments before the entry (`run`, permissions, `--config`, `--preload`). */
  args: string[];
  entry: string;
  cwd: string;
  env: Record<string, string>;
  startTimeoutMs: number;
  /** One line of the function's output (stdout or stderr), for the harness log. */
  log(stream: 'stdout' | 'stderr', line: string): void;
}

/** A started Deno process: its port on 127.0.0.1, and a promise that settles when it exits. */
export interface FunctionProcess {
  name: string;
  pid: number;
  port: number;
  startedAt: string;
  exited: Promise<string>;
  stop(): Promise<void>;
}

function describeExit(code: number | null, signal: NodeJS.Signals | null): string {
  return signal ? `was killed by ${signal}` : `exited with code ${code}`;
}

function stopChild(child: ChildProcess, exited: Promise<unknown>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  child.kill('SIGTERM');
  const force = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
  return exited.then(() => clearTimeout(force));
}

/**
 * Starts one function under Deno and resolves once it listens. Rejects with a `FunctionFailedError` when the process
 * exits first (a throw at start, a missing import) or does not listen within `startTimeoutMs` (then it is killed).
 */
export function startFunctionProcess(opts: StartOptions): Promise<FunctionProcess> {
  const child = spawn(opts.deno, [...opts.args, opts.entry], {
    cwd: opts.cwd,
    env: opts.env,
    // stdin stays open: the shim exits when it closes, i.e. when this process is gone.
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const stderrTail = lineTail();
  const exited = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => resolve(describeExit(code, signal)));
    child.once('error', (error) => resolve(`could not be started (${error.message})`));
  });
  const startedAt = new Date().toISOString();
  let stopping = false;
  const stop = () => {
    stopping = true;
    return stopChild(child, exited);
  };

  return new Promise<FunctionProcess>((resolve, reject) => {
    let ready = false;
    const timer = setTimeout(() => {
      if (ready) return;
      void stop();
      reject(
        new FunctionFailedError(
          opts.name,
          `its process did not start within ${opts.startTimeoutMs / 1000} s`,
          stderrTail.lines,
        ),
      );
    }, opts.startTimeoutMs);

    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (!ready && line.startsWith(`{"${READY_KEY}":`)) {
        const port = (JSON.parse(line) as Record<string, number>)[READY_KEY];
        if (Number.isInteger(port)) {
          ready = true;
          clearTimeout(timer);
          resolve({
            name: opts.name,
            pid: child.pid!,
            port: port!,
            startedAt,
            exited,
            stop,
          });
          return;
        }
      }
      opts.log('stdout', line);
    });
    createInterface({ input: child.stderr! }).on('line', (line) => {
      stderrTail.push(line);
      opts.log('stderr', line);
    });
    child.stdin!.on('error', () => {});

    void exited.then((reason) => {
      clearTimeout(timer);
      if (!ready)
        reject(
          new FunctionFailedError(opts.name, `its process ${reason} before it was ready`, stderrTail.lines),
        );
      else if (!stopping) opts.log('stderr', `process ${reason}`);
    });
  });
}
