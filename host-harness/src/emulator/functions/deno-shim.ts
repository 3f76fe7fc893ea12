/**
 * Runs under Deno, never under Node: the Deno runner (deno-runtime.ts) starts `deno run --preload <this file> <entry>`.
 * A project function calls `Deno.serve(handler)` with no address, as on the platform; this preload makes that call
 * listen on 127.0.0.1 and an ephemeral port, and reports the port on stdout as one JSON line (`READY_KEY`), which the
 * runner waits for. The port answers only the runner: a request without the key the runner gave this process, or to a
 * foreign `Host`, is refused before the function's handler runs (harness-call.ts). It also ends the function's process
 * when the harness goes away (its stdin closes), so that a killed harness never leaves functions behind.
 */
import { CALL_KEY_VARIABLE, callRefusal, functionRequest, refusedCall } from './harness-call.ts';

type Handler = (request: Request, info: unknown) => Response | Promise<Response>;
interface ServeOptions {
  handler?: Handler;
  onListen?: (address: { hostname: string; port: number }) => void;
  onError?: (error: unknown) => Response | Promise<Response>;
  [option: string]: unknown;
}
// Just what this file uses of Deno's namespace (Node's type checker sees this file too).
declare const Deno: {
  serve: (...args: unknown[]) => unknown;
  env: { get(name: string): string | undefined; delete(name: string): void };
  exit(code: number): never;
  stdin: { readable: ReadableStream<Uint8Array> };
};

/** Keep in step with `READY_KEY` in function-process.ts. */
const READY_KEY = 'harnessFunctionPort';

const originalServe = Deno.serve.bind(Deno);
let served = false;

// Read before the function's modules load, and gone from its environment before they do.
const callKey = Deno.env.get(CALL_KEY_VARIABLE) ?? '';
Deno.env.delete(CALL_KEY_VARIABLE);
if (!callKey) {
  console.error(`The function was started without ${CALL_KEY_VARIABLE}: only the harness's runner starts it`);
  Deno.exit(1);
}

/** The function's handler behind the harness's check: nothing of it runs for a request the runner did not send. */
function guarded(handler: Handler): Handler {
  return (request, info) => {
    const refusal = callRefusal(request.headers, callKey);
    if (!refusal) return handler(functionRequest(request), info);
    console.error(`Refused a request that did not come through the harness (${refusal})`);
    return refusedCall();
  };
}

function failed(error: unknown): Response {
  console.error('The function threw while handling a request:', error);
  return Response.json(
    { message: 'The function failed while handling this request', code: 'function_failed' },
    { status: 500 },
  );
}

Deno.serve = (...args: unknown[]) => {
  if (served) throw new Error('A backend function may call Deno.serve only once');
  served = true;
  const [first, second] = args;
  const options: ServeOptions = typeof first === 'function' ? {} : { ...(first as ServeOptions) };
  const handler = (typeof first === 'function' ? first : (second ?? options.handler)) as Handler | undefined;
  if (typeof handler !== 'function') throw new TypeError('Deno.serve needs a handler');
  const theirs = options.onListen;
  delete options.handler;
  return originalServe(
    {
      ...options,
      hostname: '127.0.0.1',
      port: 0,
      onError: options.onError ?? failed,
      onListen(address: { hostname: string; port: number }) {
        // Watched only once serving: a read of stdin pending while the modules load stalls the loading.
        void exitWithHarness();
        console.log(JSON.stringify({ [READY_KEY]: address.port }));
        theirs?.(address);
      },
    },
    guarded(handler),
  );
};

// A function that never serves simply runs out of work and exits (code 0), which the runner reports; say why.
// (`unload` does not fire when the module threw: Deno reports that error itself.)
addEventListener('unload', () => {
  if (!served) console.error('The function finished without calling Deno.serve(handler)');
});

/** Ends the process when the harness goes away (its end of stdin closes), so that no function outlives it. */
async function exitWithHarness(): Promise<void> {
  for await (const _chunk of Deno.stdin.readable) {
  }
  Deno.exit(0);
}
