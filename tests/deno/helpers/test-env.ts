/** A function environment for a test: what `Deno.env.get` would answer, without touching the process's own. */
import type { Env } from '../../../base44/shared/env.ts';

export function testEnv(vars: Record<string, string | undefined>): Env {
  return { get: (name) => vars[name] };
}
