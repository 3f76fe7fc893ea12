/** Helpers for the function runner's tests: an emulator whose functions are the small Deno fixtures beside this file. */
import path from 'node:path';
import type { EmulatorOptions } from '../../../host-harness/src/emulator/index.ts';
import { type Running, startEmulator } from '../emulator/emulator-harness.ts';

export const FIXTURE_FUNCTIONS = path.join(import.meta.dirname, 'fixtures/functions');
export const APP = 'local-app';

/** The path of a function call. */
export const fn = (name: string, query = '') => `/api/apps/${APP}/functions/${name}${query}`;

/** An in-memory emulator running the fixture functions. */
export function startWithFixtures(opts: EmulatorOptions = {}): Promise<Running> {
  return startEmulator({ functionsDir: FIXTURE_FUNCTIONS, ...opts });
}

/** True while a process with this pid exists. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
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
