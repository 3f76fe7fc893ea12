import { existsSync } from 'node:fs';
import { Agent } from 'node:http';
import path from 'node:path';
import { denoProcessEnv } from './function-env.ts';
import { startFunctionProcess } from './function-process.ts';
import type {
  ForwardedRequest,
  FunctionInstance,
  FunctionRuntime,
  StartOptions,
} from './function-runtime.ts';
import { newCallKey } from './harness-call.ts';
import { DEFAULT_DENO } from './project-paths.ts';
import { sendToPort } from './send-to-port.ts';

const SHIM = path.join(import.meta.dirname, 'deno-shim.ts');

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
      env: denoProcessEnv(secrets, key),
      startTimeoutMs,
      log,
    });
    const send = (request: ForwardedRequest, signal: AbortSignal) =>
      sendToPort(proc.port, key, request, this.agent, signal);
    return { ...proc, send };
  }

  close(): void {
    this.agent.destroy();
  }
}
