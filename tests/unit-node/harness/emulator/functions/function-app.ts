/**
 * A Fastify app with the backend-function routes (`function-routes.ts`) and their control API
 * (`function-control-routes.ts`) over a real `FunctionRunner` and a functions folder on disk, whose runtime is replaced
 * by one the test programs: each started function answers with what the test's `answer` gives, or fails or hangs as
 * asked. No process is started and no port is opened (`inject`); requests arrive as if on `PORT` of this machine.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { registerFunctionControlRoutes } from '../../../../../host-harness/src/emulator/functions/function-control-routes.ts';
import { registerFunctionRoutes } from '../../../../../host-harness/src/emulator/functions/function-routes.ts';
import { FunctionRunner } from '../../../../../host-harness/src/emulator/functions/function-runner.ts';
import type {
  ForwardedRequest,
  FunctionAnswer,
  FunctionRuntime,
  StartOptions,
} from '../../../../../host-harness/src/emulator/functions/function-runtime.ts';
import { type FeatureApp, featureApp } from '../feature-app.ts';
import { PORT } from '../test-app.ts';

/** What the emulator says its own URL is (`Base44-Api-Url` of every forwarded call). */
export const OWN_URL = 'http://localhost:4400';
/** The site's origin: its pages may call functions. */
export const SITE_ORIGIN = 'http://localhost:4401';
/** The process id and port every started function reports. */
export const FAKE_PID = 4242;
export const FAKE_PORT = 50123;
export const STARTED_AT = '2030-01-02T03:04:05.000Z';
/** How long a started function may take to answer one request here. */
export const REQUEST_TIMEOUT_MS = 150;

/** How the programmed runtime answers one forwarded request. */
export type Answerer = (request: ForwardedRequest, signal: AbortSignal) => Promise<FunctionAnswer>;

export interface FunctionApp extends FeatureApp {
  runner: FunctionRunner;
  /** Every request the functions received, in order. */
  sent: ForwardedRequest[];
  /** How many times a function was started. */
  starts: () => number;
  /** The next answers (replace to change how functions answer). */
  answer: Answerer;
  /** Makes the next start fail (a `FunctionFailedError`, as a real runtime rejects). */
  failStart: ((opts: StartOptions) => Error) | null;
}

/** An answer with this status, content type and body; `headers` are those of the function's HTTP response. */
export function answerOf(
  status: number,
  contentType: string | null,
  body: string | null,
  headers: Record<string, unknown> = {},
): FunctionAnswer {
  const stream = body === null ? null : Object.assign(Readable.from([Buffer.from(body)]), { headers });
  return { status, contentType, body: stream };
}

const folders: string[] = [];

/** A functions folder holding `names`, each with a `function.jsonc` and its entry file. */
export function functionsFolder(names: readonly string[]): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'function-routes-'));
  folders.push(dir);
  for (const name of names) {
    mkdirSync(path.join(dir, name));
    writeFileSync(path.join(dir, name, 'function.jsonc'), '{ "entry": "index.ts" }');
    writeFileSync(path.join(dir, name, 'index.ts'), 'Deno.serve(() => new Response("ok"));\n');
  }
  return dir;
}

export function removeFolders(): void {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
}

/** The app, with the functions `names` in its project. */
export async function functionApp(names: readonly string[] = ['hello']): Promise<FunctionApp> {
  const runner = new FunctionRunner({
    functionsDir: functionsFolder(names),
    runtime: 'workerd',
    secrets: () => ({}),
    quiet: true,
    requestTimeoutMs: REQUEST_TIMEOUT_MS,
  });
  let started = 0;
  const sent: ForwardedRequest[] = [];
  const holder = {
    answer: (async () => answerOf(200, 'application/json', '{"ok":true}')) as Answerer,
    failStart: null as ((opts: StartOptions) => Error) | null,
  };
  const runtime: FunctionRuntime = {
    name: 'workerd',
    async start(opts) {
      started++;
      if (holder.failStart) throw holder.failStart(opts);
      opts.log('stdout', `${opts.fn.name} is listening`);
      opts.log('stderr', 'a warning');
      let exit: (reason: string) => void = () => {};
      const exited = new Promise<string>((resolve) => {
        exit = resolve;
      });
      return {
        name: opts.fn.name,
        pid: FAKE_PID,
        port: FAKE_PORT,
        startedAt: STARTED_AT,
        exited,
        send: (request, signal) => {
          sent.push(request);
          return holder.answer(request, signal);
        },
        stop: async () => exit('was stopped'),
      };
    },
  };
  (runner as { runtime: FunctionRuntime }).runtime = runtime;
  const base = await featureApp((app, state) => {
    // As if the request arrived on PORT of this machine (inject's socket has no local port).
    app.addHook('onRequest', async (request) => {
      (request.socket as { localPort?: number }).localPort = PORT;
    });
    registerFunctionRoutes(app, {
      state,
      functions: runner,
      ownUrl: () => OWN_URL,
      functionOrigins: [SITE_ORIGIN],
    });
    registerFunctionControlRoutes(app, runner);
  });
  return Object.assign(holder, {
    ...base,
    runner,
    sent,
    starts: () => started,
    async close() {
      await runner.close();
      await base.close();
    },
  });
}
