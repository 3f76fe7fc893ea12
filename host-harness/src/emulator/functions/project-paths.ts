import path from 'node:path';

/** The repository: its package.json and node_modules are where functions' npm: packages come from. */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');
/** The project's functions, as the platform's CLI deploys them. */
export const DEFAULT_FUNCTIONS_DIR = path.join(REPO_ROOT, 'base44/functions');
/** The pinned `deno` dev dependency: the only Deno the harness runs. */
export const DEFAULT_DENO = path.join(REPO_ROOT, 'node_modules/.bin/deno');
