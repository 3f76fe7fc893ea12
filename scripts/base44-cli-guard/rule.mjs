/**
 * What the platform CLI's code may load: Node's built-in modules and the files of its own verified tarball, nothing
 * found by a package name. Node would otherwise resolve a name the CLI asks for (`esprima`, which js-yaml inside the
 * bundle requires when it loads) from any `node_modules` folder above the one the tarball was unpacked into, and run
 * whatever it found there, unchecked.
 */
import { isBuiltin } from 'node:module';

/** The error a refused name gets: a clear message, with the code Node gives a module it cannot find. */
export function refusal(/** @type {string} */ specifier, /** @type {string} */ code) {
  const error = new Error(
    `the platform CLI asked for "${specifier}", which is neither a Node built-in module nor a file of its verified tarball: refused (scripts/base44-cli-guard)`,
  );
  return Object.assign(error, { code });
}

/**
 * Whether `specifier`, imported from `parentURL`, may load: a built-in (`node:` or bare, e.g. `fs`), or a relative or
 * file URL that stays inside `rootURL` (the unpacked tarball's folder, as a `file:` URL ending in `/`).
 */
export function allowed(
  /** @type {string} */ specifier,
  /** @type {string} */ parentURL,
  /** @type {string} */ rootURL,
) {
  if (isBuiltin(specifier)) return true;
  if (!/^(\.{1,2}\/|\/|file:)/.test(specifier)) return false;
  return new URL(specifier, parentURL).href.startsWith(rootURL);
}
