/**
 * `node --import scripts/base44-cli-guard/preload.mjs <cli>/bin/run.js …`: runs the whole platform CLI with its
 * modules held to the folder named by `BASE44_CLI_GUARD_ROOT` (its unpacked, verified tarball).
 */
import { guardCliModules } from './index.mjs';

const root = process.env.BASE44_CLI_GUARD_ROOT;
if (!root) throw new Error('BASE44_CLI_GUARD_ROOT is not set: the folder of the verified CLI to guard');
guardCliModules(root);
