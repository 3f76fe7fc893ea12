/**
 * Holds the platform CLI's code to its verified tarball (rule.mjs): once `guardCliModules(root)` has run, every module
 * the files under `root` import or require is a Node built-in or another file under `root`; anything else fails with
 * a message naming it. Uses `module.registerHooks` where Node has it (22.15 and later), else `module.register`.
 */
import * as nodeModule from 'node:module';
import { pathToFileURL } from 'node:url';
import { resolve as hookResolve, initialize } from './hooks.mjs';

const shim = new URL('./module-shim.mjs', import.meta.url).href;

/** Guards the CLI files under the folder `root` (once per process and folder). */
export function guardCliModules(/** @type {string} */ root) {
  const data = { root: pathToFileURL(`${root.replace(/\/+$/, '')}/`).href, shim };
  // `registerHooks` is missing from Node 20's types; it is looked up as a plain property.
  const registerHooks = /** @type {Record<string, unknown>} */ (nodeModule).registerHooks;
  if (typeof registerHooks === 'function') {
    initialize(data);
    registerHooks({ resolve: hookResolve });
  } else {
    nodeModule.register(new URL('./hooks.mjs', import.meta.url), { data });
  }
}
