import type { Readable } from 'node:stream';
import type { FunctionDefinition } from './function-catalog.ts';

/**
 * What a runtime that runs the project's functions offers the runner (function-runner.ts): start one function, send
 * it requests, stop it. Two exist: workerd, where the platform runs deployed functions (workerd-runtime.ts, the
 * default), and Deno, the platform's fallback (deno-runtime.ts, `FUNCTIONS_RUNTIME=deno`).
 */

export const RUNTIME_NAMES = ['workerd', 'deno'] as const;
export type RuntimeName = (typeof RUNTIME_NAMES)[number];
/** The variable that picks the runtime (`npm start`, the tests, the benchmark). */
export const RUNTIME_VARIABLE = 'FUNCTIONS_RUNTIME';

/** The runtime `FUNCTIONS_RUNTIME` names: workerd when unset; anything unknown is an error naming the choices. */
export function runtimeFromEnv(value = process.env[RUNTIME_VARIABLE]): RuntimeName {
  if (value === undefined || value === '') return 'workerd';
  if ((RUNTIME_NAMES as readonly string[]).includes(value)) return value as RuntimeName;
  throw new Error(`${RUNTIME_VARIABLE} must be ${RUNTIME_NAMES.join(' or ')}, not ${JSON.stringify(value)}`);
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

export interface StartOptions {
  fn: FunctionDefinition;
  /** The function's secrets (function-env.ts), built from scratch. */
  secrets: Record<string, string>;
  startTimeoutMs: number;
  /** One line of the function's output (stdout or stderr), for the harness log. */
  log(stream: 'stdout' | 'stderr', line: string): void;
}

/** One started function. */
export interface FunctionInstance {
  name: string;
  /** The process that runs it (Deno, or workerd), when known. */
  pid: number | null;
  /** The loopback port its runtime listens on; it refuses every request the runner did not send. */
  port: number;
  startedAt: string;
  /** Settles, with the reason, when the process is gone (stopped, or crashed). */
  exited: Promise<string>;
  send(request: ForwardedRequest, signal: AbortSignal): Promise<FunctionAnswer>;
  stop(): Promise<void>;
}

export interface FunctionRuntime {
  readonly name: RuntimeName;
  /** Resolves once the function can answer; rejects with a `FunctionFailedError` saying why it cannot. */
  start(opts: StartOptions): Promise<FunctionInstance>;
  /** Frees what the runtime shares between its instances, once every instance is stopped. */
  close?(): void;
}

/** Lines of output kept to explain a failed start. */
export const STDERR_TAIL = 20;

/** Keeps the last `STDERR_TAIL` lines given. */
export function lineTail(): { lines: string[]; push(line: string): void } {
  const lines: string[] = [];
  return {
    lines,
    push(line) {
      lines.push(line);
      if (lines.length > STDERR_TAIL) lines.shift();
    },
  };
}
