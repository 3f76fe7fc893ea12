/** FUNCTIONS_RUNTIME: workerd unless it says deno; anything else stops the harness with a message naming the choices. */
import { describe, expect, it } from 'vitest';
import { runtimeFromEnv } from '../../../host-harness/src/emulator/functions/function-runtime.ts';
import { createEmulator } from '../../../host-harness/src/emulator/index.ts';

describe('FUNCTIONS_RUNTIME', () => {
  it('is workerd when unset or empty, and deno or workerd when it says so', () => {
    expect(runtimeFromEnv(undefined)).toBe('workerd');
    expect(runtimeFromEnv('')).toBe('workerd');
    expect(runtimeFromEnv('deno')).toBe('deno');
    expect(runtimeFromEnv('workerd')).toBe('workerd');
  });

  it('refuses any other value before the emulator starts', async () => {
    expect(() => runtimeFromEnv('node')).toThrow('FUNCTIONS_RUNTIME must be workerd or deno, not "node"');
    const before = process.env.FUNCTIONS_RUNTIME;
    process.env.FUNCTIONS_RUNTIME = 'Deno';
    try {
      await expect(createEmulator({ quiet: true })).rejects.toThrow(
        'FUNCTIONS_RUNTIME must be workerd or deno',
      );
    } finally {
      if (before === undefined) delete process.env.FUNCTIONS_RUNTIME;
      else process.env.FUNCTIONS_RUNTIME = before;
    }
  });
});
