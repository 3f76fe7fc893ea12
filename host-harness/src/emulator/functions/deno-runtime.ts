import { existsSync } from 'node:fs';
import { Agent, request as httpRequest, type IncomingMessage } from 'node:http';
import path from 'node:path';
import { denoProcessEnv } from './function-env.ts';
import { startFunctionProcess } from './function-process.ts';
import type {
  ForwardedRequest,
  FunctionAnswer,
  FunctionInstance,
  FunctionRuntime,
  StartOptions,
} from './function-runtime.ts';
import { CALL_KEY_HEADER, CALL_KEY_VARIABLE, FORWARDED_LIST_HEADER, newCallKey } from './harness-call.ts';
import { DEFAULT_DENO } from './project-paths.ts';

const SHIM = path.join(import.meta.dirname, 'deno-shim.ts');

/**
 * One request to a function's process, with exactly the given headers plus the harness's key and the list of what it
 * forwards (Node adds only Host, Content-Length and Connection; `fetch` would add its own Accept, User-Agent and
 * Sec-Fetch-Mode).
 */
function sendTo(port: number, key: string, request: ForwardedRequest, agent: Agent, signal: AbortSignal) {
  return new Promise<IncomingMessage>((resolve, reject) => {
    const body = request.body && request.body.length > 0 ? request.body : null;
    const length = body ? body.length : request.method === 'GET' ? null : 0;
    const headers: Record<string, string> = {
      ...request.headers,
      [FORWARDED_LIST_HEADER]: Object.keys(request.headers).join(','),
      [CALL_KEY_HEADER]: key,
    };
    if (length !== null) headers['Content-Length'] = String(length);
    const outgoing = httpRequest(
      { host: '127.0.0.1', port, method: request.method, path: request.url, headers, agent, signal },
      resolve,
    );
    outgoing.once('error', reject);
    outgoing.end(body ?? undefined);
  });
}

/**
 * Functions under Deno (`FUNCTIONS_RUNTIME=deno`), the platform's fallback: one process per function, started with
 * the preload shim (deno-shim.ts), which listens on 127.0.0.1 and refuses whatever the harness did not send.
 */
export class DenoRuntime implements FunctionRuntime {
  readonly name = 'deno';
  private readonly deno: string;
  private readonly denoConfig: string | null;
  // Warm calls reuse their connection to the function.
  private readonly agent = new Agent({ keepAlive: true });

  constructor(functionsDir: string, deno = DEFAULT_DENO) {
    this.deno = deno;
    // The project's deno.json (beside the functions folder) pins npm: imports and keeps Deno out of node_modules.
    const config = path.join(path.dirname(functionsDir), 'deno.json');
    this.denoConfig = existsSync(config) ? config : null;
  }

  private args(): string[] {
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

  async start({ fn, secrets, startTimeoutMs, log }: StartOptions): Promise<FunctionInstance> {
    const key = newCallKey();
    const proc = await startFunctionProcess({
      name: fn.name,
      deno: this.deno,
      args: this.args(),
      entry: fn.entry,
      cwd: fn.dir,
      // The shim takes the key out of the environment before the function's code runs.
      env: { ...denoProcessEnv(secrets), [CALL_KEY_VARIABLE]: key },
      startTimeoutMs,
      log,
    });
    const send = async (request: ForwardedRequest, signal: AbortSignal): Promise<FunctionAnswer> => {
      const response = await sendTo(proc.port, key, request, this.agent, signal);
      return {
        status: response.statusCode ?? 502,
        contentType: response.headers['content-type'] ?? null,
        body: response,
      };
    };
    return { ...proc, send };
  }

  close(): void {
    this.agent.destroy();
  }
}
