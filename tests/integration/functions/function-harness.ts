/** Helpers for the function runner's tests: an emulator whose functions are the small fixtures beside this file. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { PaymentProviderOptions } from '../../../host-harness/payments/index.ts';
import type { EmulatorOptions } from '../../../host-harness/src/emulator/index.ts';
import { type Running, startEmulator } from '../emulator/emulator-harness.ts';

export const FIXTURE_FUNCTIONS = path.join(import.meta.dirname, 'fixtures/functions');
/** Fixtures of the platform's workerd contract only. */
export const WORKERD_FIXTURE_FUNCTIONS = path.join(import.meta.dirname, 'fixtures/workerd-functions');
export const APP = 'local-app';
/** Both runtimes, for the tests that hold for each. */
export const RUNTIMES = ['workerd', 'deno'] as const;

/** The path of a function call. */
export const fn = (name: string, query = '') => `/api/apps/${APP}/functions/${name}${query}`;

/** An in-memory emulator running the fixture functions. */
export function startWithFixtures(
  opts: EmulatorOptions = {},
  providerOpts: PaymentProviderOptions | false = {},
): Promise<Running> {
  return startEmulator({ functionsDir: FIXTURE_FUNCTIONS, ...opts }, providerOpts);
}

/** True while a process with this pid exists and has not exited (an exited child not yet reaped does not count). */
export function isAlive(pid: number | null): boolean {
  if (pid === null) return false;
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    // /proc/<pid>/stat: "<pid> (<name>) <state> …"; Z is a zombie.
    return !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}

/** Polls until `check` holds, or fails after `ms`. */
export async function eventually(check: () => boolean | Promise<boolean>, ms = 5_000, what = 'condition') {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * The port of miniflare's loopback server for the workerd process `pid`: miniflare tells workerd where it is in the
 * command line (`--external-addr=loopback=127.0.0.1:<port>`), which is also how a local program would find it.
 */
export function miniflareLoopbackPort(pid: number): number {
  const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  const address = command.find((arg) => arg.startsWith('--external-addr=loopback=')) ?? '';
  const port = Number(/^--external-addr=loopback=127\.0\.0\.1:(\d+)$/.exec(address)?.[1]);
  if (!(port > 0)) throw new Error(`no loopback address in workerd's command line: ${address || '(none)'}`);
  return port;
}
