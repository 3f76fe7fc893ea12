/**
 * `node:module` as the platform CLI's files see it: the same module, but `createRequire` gives a `require` that loads
 * Node's built-ins only (rule.mjs); `require(name)` and `require.resolve(name)` of anything else throw, as for a
 * module that is not installed.
 */
import Module, { isBuiltin, createRequire as nodeCreateRequire } from 'node:module';
import { refusal } from './rule.mjs';

export * from 'node:module';
export default Module;

export function createRequire(/** @type {string | URL} */ from) {
  const nodeRequire = nodeCreateRequire(from);
  const guarded = (/** @type {string} */ id) => {
    if (!isBuiltin(id)) throw refusal(id, 'MODULE_NOT_FOUND');
    return nodeRequire(id);
  };
  guarded.resolve = (/** @type {string} */ id) => {
    if (!isBuiltin(id)) throw refusal(id, 'MODULE_NOT_FOUND');
    return nodeRequire.resolve(id);
  };
  guarded.cache = nodeRequire.cache;
  return guarded;
}
