/**
 * The scope of mutation testing (stryker.config.mjs): every `.ts` module of the site, the backend functions and the
 * harness, less an exclusion list whose every entry names a module that exists and says why it holds no decision; the
 * modules mutated today are a part of it, to be widened to the whole scope.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import config, { EXCLUDED, MUTATED, SCOPE } from '../../stryker.config.mjs';

const root = resolve(import.meta.dirname, '../..');
const ROOTS = ['src', 'base44', 'host-harness/src', 'host-harness/payments'];

function* modules(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* modules(path);
    else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) yield relative(root, path);
  }
}

const all = ROOTS.flatMap((dir) => [...modules(resolve(root, dir))]);
const excluded = Object.entries(EXCLUDED as Record<string, string>);

describe('the mutation scope', () => {
  it('names every .ts module under src/, base44/, host-harness/src and host-harness/payments as the goal, less the exclusion list', () => {
    expect(SCOPE).toEqual([
      'src/**/*.ts',
      'base44/**/*.ts',
      'host-harness/src/**/*.ts',
      'host-harness/payments/**/*.ts',
    ]);
  });

  it('mutates only modules of the scope that exist and are not excluded, each once', () => {
    expect(config.mutate).toBe(MUTATED);
    expect(new Set(MUTATED).size).toBe(MUTATED.length);
    for (const path of MUTATED) {
      expect(all, path).toContain(path);
      expect(Object.keys(EXCLUDED), path).not.toContain(path);
    }
  });

  it('mutates the money, access and token modules the issue names (or the modules that took their code over)', () => {
    const named = [
      'base44/functions/stripeWebhook/delivery.ts',
      'base44/functions/createCheckout/checkout-answer.ts',
      'base44/functions/createCheckout/signed-in-caller.ts',
      'host-harness/src/emulator/entities/rls-rules.ts',
      'host-harness/src/emulator/entities/record-access.ts',
      'host-harness/src/emulator/auth/caller.ts',
      'host-harness/src/emulator/auth/passwords.ts',
      'host-harness/src/emulator/auth/sign-in.ts',
      'host-harness/src/emulator/core/http/request-guard.ts',
      'host-harness/src/emulator/core/http/cors.ts',
      'src/platform/http-core.ts',
      'src/platform/launch-token/take-launch-token.ts',
      'src/platform/token-store.ts',
      'src/platform/backoff.ts',
      'src/bridge/launch-params.ts',
    ];
    expect(MUTATED).toEqual(expect.arrayContaining(named));
  });

  it('excludes only modules that exist, each with the reason it holds no decision', () => {
    for (const [path, reason] of excluded) {
      expect(all, path).toContain(path);
      expect(reason.trim().length, path).toBeGreaterThan(5);
    }
  });
});
