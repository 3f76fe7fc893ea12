/**
 * Module resolution hooks that hold the platform CLI to its tarball (rule.mjs). Only imports made by the CLI's own
 * files (under `root`) are judged; `node:module` imported by them resolves to module-shim.mjs, whose `createRequire`
 * applies the same rule to `require()`.
 */
import { allowed, refusal } from './rule.mjs';

/** @type {{ root: string, shim: string }} */
let settings = { root: 'file:///nonexistent/', shim: '' };

/** Receives `{ root, shim }` from `module.register` (the loader thread). */
export function initialize(/** @type {{ root: string, shim: string }} */ data) {
  settings = data;
}

/**
 * The resolve hook, for `module.register` (async, another thread) and `module.registerHooks` (sync) alike: it decides
 * before calling `next`, so it returns `next`'s answer as it comes.
 */
export function resolve(
  /** @type {string} */ specifier,
  /** @type {{ parentURL?: string }} */ context,
  /** @type {(specifier: string, context: object) => unknown} */ next,
) {
  const parent = context.parentURL;
  if (!parent?.startsWith(settings.root)) return next(specifier, context);
  if (specifier === 'module' || specifier === 'node:module')
    return { url: settings.shim, shortCircuit: true };
  if (!allowed(specifier, parent, settings.root)) throw refusal(specifier, 'ERR_MODULE_NOT_FOUND');
  return next(specifier, context);
}
