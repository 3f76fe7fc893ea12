/**
 * Where the function runner looks by default (`functions/project-paths.ts`): the repository, its base44/functions,
 * its pinned deno.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DENO,
  DEFAULT_FUNCTIONS_DIR,
  REPO_ROOT,
} from '../../../../../host-harness/src/emulator/functions/project-paths.ts';

const repo = path.resolve(fileURLToPath(new URL('../../../../..', import.meta.url)));

describe('project paths', () => {
  it('points at the repository root, which holds package.json', () => {
    expect(REPO_ROOT).toBe(repo);
    expect(existsSync(path.join(REPO_ROOT, 'package.json'))).toBe(true);
  });

  it('points at the project’s functions folder and the pinned deno binary', () => {
    expect(DEFAULT_FUNCTIONS_DIR).toBe(path.join(repo, 'base44', 'functions'));
    expect(statSync(DEFAULT_FUNCTIONS_DIR).isDirectory()).toBe(true);
    expect(DEFAULT_DENO).toBe(path.join(repo, 'node_modules', '.bin', 'deno'));
  });
});
