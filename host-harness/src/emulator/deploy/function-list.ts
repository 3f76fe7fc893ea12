import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { DeployStore } from './deploy-store.ts';
import type { DeployedFunctions } from './deployed-functions.ts';
import type { FunctionFile } from './function-upload.ts';

/**
 * `GET backend-functions` as the platform's CLI reads it (`listDeployedFunctions`: `base44 functions list`, and `base44
 * logs` to learn the names): every function the app serves, with its deployment, entry, files and automations. A
 * function deployed through the API is listed as uploaded; one the project's folder serves (nothing deployed over it)
 * with the files the CLI would upload for it (its folder's and `shared/`'s `.js`, `.ts`, `.json` and `.jsonc` files,
 * dot-files left out), under the deployment id `project`.
 */

export interface ListedFunction {
  name: string;
  deployment_id: string;
  entry: string;
  files: FunctionFile[];
  automations: unknown[];
}

/** The deployment id of the functions the project's own folder serves. */
export const PROJECT_DEPLOYMENT = 'project';
const UPLOADED = /\.(js|ts|json|jsonc)$/;

/** The files under `dir` the CLI uploads, their paths relative to `from`, `/`-separated. */
function uploadedFiles(dir: string, from: string): FunctionFile[] {
  let entries: import('node:fs').Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries
    .filter((entry) => !entry.name.startsWith('.'))
    .flatMap((entry) => {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) return uploadedFiles(file, from);
      if (!entry.isFile() || !UPLOADED.test(entry.name)) return [];
      return [
        { path: path.relative(from, file).split(path.sep).join('/'), content: readFileSync(file, 'utf8') },
      ];
    });
}

/** Every function the app serves, by name. */
export function listFunctions(
  catalog: DeployedFunctions,
  store: DeployStore,
  appId: string,
): ListedFunction[] {
  const deployed = new Map(store.functions(appId).map((fn) => [fn.name, fn]));
  return catalog.list().flatMap((name): ListedFunction[] => {
    const fn = deployed.get(name);
    if (fn)
      return [{ name, deployment_id: fn.deploymentId, entry: fn.entry, files: fn.files, automations: [] }];
    const own = catalog.projectFunction(name);
    if (!own) return [];
    const shared = path.join(path.dirname(path.dirname(own.dir)), 'shared');
    const files = [...uploadedFiles(own.dir, own.dir), ...uploadedFiles(shared, own.dir)];
    const entry = path.relative(own.dir, own.entry).split(path.sep).join('/');
    return [{ name, deployment_id: PROJECT_DEPLOYMENT, entry, files, automations: [] }];
  });
}
