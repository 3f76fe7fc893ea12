#!/usr/bin/env node
/**
 * `npm run build`: a clean build of the site and the federated remote into dist/, every page prerendered
 * (scripts/prerender.mjs), then the editor shell (a Module Federation host) into host-harness/shell/dist/. Its settings
 * are the local harness's defaults unless the environment sets them (config/site-config.ts, the README). It ends with
 * the size budgets (scripts/check-budgets.mjs): a page's document over its budget, or its headroom, fails the build.
 *
 * `npm run build:production` (`--production`): the build the platform's CLI runs (base44/config.jsonc,
 * `site.buildCommand`; the CLI adds only VITE_BASE44_APP_ID to the environment). The app id comes from
 * VITE_BASE44_APP_ID and every other setting from config/site-production.jsonc (config/site-production.ts); the
 * environment's site settings are ignored. A missing or wrong setting stops it before anything is written, naming each
 * one. It builds the site and the remote only (no editor shell), and then reads every file of dist/: a loopback
 * address anywhere removes dist/ and fails the build, so that nothing local is left to upload.
 *
 * Why two commands rather than one that switches on VITE_BASE44_APP_ID: `npm start` and `npm test` build the local
 * site with this script, and a developer's shell may hold VITE_BASE44_APP_ID (a platform template's `.env.local`, an
 * earlier CLI session); a switch would turn their local build into a production one, or a production one into a local
 * one if the variable were lost. So the CLI's command is its own, and the local build refuses to run when
 * VITE_BASE44_APP_ID is set, the mark of the CLI building for a deploy with another build command.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

const root = resolve(import.meta.dirname, '..');
const { values } = parseArgs({ options: { production: { type: 'boolean', default: false } } });
const production = values.production;
const APP_ID_VARIABLE = 'VITE_BASE44_APP_ID';

/** Stops the build: the message on stderr, exit status 1. */
function stop(message) {
  console.error(`[build] ${message}`);
  process.exit(1);
}

let env = process.env;
if (production) {
  // TypeScript configuration modules, loaded through tsx for this import only.
  const { tsImport } = await import('tsx/esm/api');
  const { readProductionBuild, SITE_VARIABLES } = await tsImport(
    '../config/site-production.ts',
    import.meta.url,
  );
  let build;
  try {
    build = readProductionBuild(root, process.env);
  } catch (error) {
    stop(error instanceof Error ? error.message : String(error));
  }
  const ignored = SITE_VARIABLES.filter((name) => process.env[name] !== undefined);
  if (ignored.length) {
    console.warn(
      `[build] production: ignored from the environment: ${ignored.join(', ')} (settings come from config/site-production.jsonc)`,
    );
  }
  env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !SITE_VARIABLES.includes(name)));
  Object.assign(env, build.variables, { NODE_ENV: 'production' });
  console.log(
    `[build] production site for app ${build.config.appId}: platform ${build.config.serverUrl}, site ${build.config.siteOrigin}`,
  );
} else if (process.env[APP_ID_VARIABLE] !== undefined) {
  stop(
    `${APP_ID_VARIABLE} is set: that is how the platform's CLI builds for a deploy, and this is the LOCAL build ` +
      `(it talks to the harness on localhost). The CLI's build command is \`npm run build:production\` ` +
      `(base44/config.jsonc); for a local build, unset ${APP_ID_VARIABLE}.`,
  );
}

for (const dir of ['dist', 'dist-ssr']) rmSync(resolve(root, dir), { recursive: true, force: true });
const started = performance.now();
const run = (command, args) => {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, env });
  if (result.status !== 0) {
    if (production) rmSync(resolve(root, 'dist'), { recursive: true, force: true });
    process.exit(result.status ?? 1);
  }
};
const rspack = (args) => run(resolve(root, 'node_modules/.bin/rspack'), args);
rspack(['build']);
run(process.execPath, [resolve(root, 'scripts/prerender.mjs')]);

if (production) {
  const { findLoopbackAddresses } = await import('./loopback-scan.mjs');
  const hits = findLoopbackAddresses(resolve(root, 'dist'));
  if (hits.length) {
    rmSync(resolve(root, 'dist'), { recursive: true, force: true });
    stop(
      `the production build holds loopback addresses, so dist/ was removed:\n${hits
        .map((hit) => `  - ${hit.file}: …${hit.excerpt}…`)
        .join('\n')}`,
    );
  }
  console.log('[build] production: no loopback address in dist/');
} else {
  rspack(['build', '-c', 'host-harness/shell/rspack.config.ts']);
  // The size budgets, every page's document with its headroom among them: a change that breaks one fails the build.
  run(process.execPath, [resolve(root, 'scripts/check-budgets.mjs')]);
}
console.log(`[build] done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
