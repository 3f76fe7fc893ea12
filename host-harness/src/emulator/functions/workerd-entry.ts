/**
 * Runs inside workerd, never under Node: the Worker entry the workerd runner (workerd-runtime.ts) builds around a
 * function's bundle, with the platform's entry contract (its CLI 0.1.18):
 * - `globalThis.Deno`: `serve` captures the handler instead of listening; `env` reads the Worker's env bindings (the
 *   function's secrets, strings);
 * - `globalThis.Base44`: `secrets.get(name)` and `waitUntil(promise)` (on the context of the request being handled);
 * - the function's module is imported lazily, inside a request, so that reads of secrets at module scope see them;
 * - `Deno.serve` wins over a default export (a function, or an object with `fetch`).
 * Before anything of the function runs, a request must carry the harness's key (harness-call.ts). The runner's first
 * request, marked `LOAD_HEADER`, only loads the module: it answers 204, or 500 saying why the module cannot serve.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
// Both generated per start by the runner: the key, and the function's bundle.
// @ts-expect-error: not a file of this repository.
import { CALL_KEY } from './call-key.js';
import { callRefusal, functionRequest, refusedCall } from './harness-call.ts';

/** Keep in step with `LOAD_HEADER` in workerd-runtime.ts. */
const LOAD_HEADER = 'x-harness-load';

type Handler = (request: Request, ...rest: unknown[]) => Response | Promise<Response>;
interface ExecutionContext {
  waitUntil(promise: Promise<unknown>): void;
}
type Bindings = Record<string, unknown>;
interface ServeOptions {
  handler?: Handler;
  [option: string]: unknown;
}
interface UserModule {
  default?: Handler | { fetch?: (request: Request, env: Bindings, ctx: ExecutionContext) => Response };
}

const requests = new AsyncLocalStorage<ExecutionContext>();
let bindings: Bindings = {};
let served: Handler | null = null;
let loading: Promise<Handler | null> | null = null;

function secret(name: string): string | undefined {
  const value = bindings[name];
  return typeof value === 'string' ? value : undefined;
}

const env = {
  get: secret,
  has: (name: string) => secret(name) !== undefined,
  toObject: () =>
    Object.fromEntries(
      Object.entries(bindings).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    ),
};

/** What `Deno.serve` returns: the platform, not the function, owns the server's life. */
const server = { finished: new Promise<void>(() => {}), shutdown: async () => {}, ref() {}, unref() {} };

Object.assign(globalThis, {
  Deno: {
    serve(...args: unknown[]) {
      if (served) throw new Error('A backend function may call Deno.serve only once');
      const [first, second] = args;
      const handler =
        typeof first === 'function' ? first : (second ?? (first as ServeOptions | undefined)?.handler);
      if (typeof handler !== 'function') throw new TypeError('Deno.serve needs a handler');
      served = handler as Handler;
      return server;
    },
    env,
  },
  Base44: {
    secrets: { get: secret },
    waitUntil(promise: Promise<unknown>) {
      const ctx = requests.getStore();
      if (!ctx) throw new Error('Base44.waitUntil is only available while a request is handled');
      ctx.waitUntil(promise);
    },
  },
});

/** The function's handler once its module is loaded: `Deno.serve`'s, else its default export's; null when none. */
function load(): Promise<Handler | null> {
  loading ??= (async () => {
    // @ts-expect-error: not a file of this repository.
    const module: UserModule = await import('./function.js');
    if (served) return served;
    const fallback = module.default;
    if (typeof fallback === 'function') return fallback;
    const fetch = fallback?.fetch;
    if (typeof fetch === 'function') {
      return (request: Request) =>
        fetch.call(fallback, request, bindings, requests.getStore() as ExecutionContext);
    }
    return null;
  })();
  return loading;
}

function failed(message: string): Response {
  return Response.json({ message, code: 'function_failed' }, { status: 500 });
}

async function loadAnswer(): Promise<Response> {
  try {
    if (await load()) return new Response(null, { status: 204 });
    console.error('The function finished loading without calling Deno.serve(handler) or exporting a handler');
    return failed('it loaded without calling Deno.serve(handler) or exporting a handler');
  } catch (error) {
    console.error('The function threw while loading:', error);
    return failed('it threw while loading');
  }
}

export default {
  async fetch(request: Request, workerEnv: Bindings, ctx: ExecutionContext): Promise<Response> {
    const refusal = callRefusal(request.headers, CALL_KEY);
    if (refusal) {
      console.error(`Refused a request that did not come through the harness (${refusal})`);
      return refusedCall();
    }
    bindings = workerEnv;
    return requests.run(ctx, async () => {
      if (request.headers.has(LOAD_HEADER)) return loadAnswer();
      try {
        const handler = await load();
        if (!handler) return failed('it loaded without calling Deno.serve(handler) or exporting a handler');
        // Deno's second argument: the caller is the harness on loopback (workerd does not say the client's port).
        const info = { remoteAddr: { transport: 'tcp', hostname: '127.0.0.1', port: 0 } };
        return await handler(functionRequest(request), info);
      } catch (error) {
        console.error('The function threw while handling a request:', error);
        return failed('The function failed while handling this request');
      }
    });
  },
};
