/**
 * `npm run deploy:check`: what the platform's own CLI (base44@0.1.18, scripts/base44-cli.mjs) will deploy from this
 * repository, read by the CLI's own code, offline and without a login. It fails unless the CLI finds:
 * - the project root at the repository root, from `base44/config.jsonc`, with `visibility: "public"`;
 * - `entitiesDir` and `functionsDir` inside the repository;
 * - every entity of `base44/entities/` (the `Order` entity among them) with the access rules its file declares;
 * - both backend functions (`createCheckout`, `stripeWebhook`), each with every file of `base44/shared/`;
 * - a built site with `index.html` at the output directory it resolves (`site.outputDirectory`, against the project
 *   root), inside the repository, and the production build as the site's build command.
 * It also says what a full `deploy` would do to the app (entities it deletes, connectors it removes) and whether the
 * built site is a production one (`--production` makes a local build, one holding a loopback address, a failure).
 *
 *   node scripts/deploy-check.mjs [--root <dir>] [--production] [--build <app id>]
 *
 * `--build <app id>` first builds the site exactly as the CLI does for `deploy --build` (its own code runs
 * `site.buildCommand` with `VITE_BASE44_APP_ID=<app id>` added to this environment), then checks it with
 * `--production`; it runs no command but the production build (another `buildCommand` fails the check unrun). Exit status 0 when everything holds, 1 otherwise (each problem is listed).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, isAbsolute, join, relative, resolve } from 'node:path';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import { parse as parseJsonc, printParseErrorCode } from 'jsonc-parser';
import { loadBase44Cli, PINNED_CLI } from './base44-cli.mjs';
import { findLoopbackAddresses } from './loopback-scan.mjs';

/** The site's build command the CLI must run: the production build (scripts/build.mjs --production). */
export const PRODUCTION_BUILD_COMMAND = 'npm run build:production';
/** What the product needs deployed, whatever else the folders hold. */
const REQUIRED_ENTITIES = ['Order'];
const REQUIRED_FUNCTIONS = ['createCheckout', 'stripeWebhook'];
const RLS_OPERATIONS = ['create', 'read', 'update', 'delete'];

/**
 * `root`: the folder the CLI is run from (the repository root); `production`: fail unless the built site is a
 * production build (no loopback address in any file); `buildAppId`: build the site first as the CLI does, for this
 * app id (implies `production`).
 * @typedef {{ root: string, production?: boolean, buildAppId?: string }} DeployCheckOptions
 */
/**
 * `lines`: what the CLI read, one line per part; `problems`: why the deploy would fail or do harm (empty when the
 * check passes).
 * @typedef {{ lines: string[], problems: string[] }} DeployCheckResult
 */

/** @param {string} path @returns {unknown} */
function readJsoncFile(path) {
  /** @type {import('jsonc-parser').ParseError[]} */
  const errors = [];
  const value = parseJsonc(readFileSync(path, 'utf8'), errors, { allowTrailingComma: true });
  if (errors.length) {
    const first = errors[0];
    throw new Error(`${path}: ${first ? printParseErrorCode(first.error) : 'invalid JSONC'}`);
  }
  return value;
}

const filesIn = (/** @type {string} */ dir, /** @type {RegExp} */ pattern) =>
  existsSync(dir)
    ? readdirSync(dir).filter((name) => pattern.test(name) && statSync(join(dir, name)).isFile())
    : [];

const messageOf = (/** @type {unknown} */ error) => (error instanceof Error ? error.message : String(error));

/** Whether `path` is `root` itself or lies outside it. */
const outside = (/** @type {string} */ root, /** @type {string} */ path) => {
  const inside = relative(root, path);
  return inside === '' || inside.startsWith('..') || isAbsolute(inside);
};

/** Reads the project with the CLI's own code and lists what it finds, and what is wrong with it. */
/** @param {DeployCheckOptions} options @returns {Promise<DeployCheckResult>} */
export async function deployCheck(options) {
  const root = resolve(options.root);
  /** @type {string[]} */
  const lines = [];
  /** @type {string[]} */
  const problems = [];
  const line = (/** @type {string} */ label, /** @type {string} */ text) =>
    lines.push(`  ${label.padEnd(13)} ${text}`);
  const cli = await loadBase44Cli();
  lines.push(
    `${PINNED_CLI.name}@${PINNED_CLI.version} (tarball integrity verified): the CLI's own project reader, offline, no login`,
  );

  const found = cli.findProjectRoot(root);
  if (!found) {
    problems.push(`the CLI finds no base44/config.json(c) in ${root} or above it`);
    return { lines, problems };
  }
  line('project root', `${found.root} (${relative(found.root, found.configPath)})`);
  if (resolve(found.root) !== root)
    problems.push(`the CLI takes ${found.root} for the project root, not ${root}`);

  /** @type {import('./base44-cli.mjs').CliProject} */
  let data;
  try {
    data = await cli.readProjectConfig(found.root);
  } catch (error) {
    problems.push(`the CLI cannot read the project: ${messageOf(error)}`);
    return { lines, problems };
  }
  const { project } = data;
  const configDir = resolve(project.configPath, '..');

  // Visibility: the first thing `deploy` sets; a public marketing site must be open to anyone.
  line('visibility', project.visibility ?? '(not set: deploy leaves it as it is)');
  if (project.visibility !== 'public') {
    problems.push(
      `visibility is ${project.visibility ? `"${project.visibility}"` : 'not set'}: the public site needs "visibility": "public"`,
    );
  }

  // Entities: the CLI's reading against the files (names and access rules).
  const entitiesDir = resolve(configDir, project.entitiesDir);
  const functionsDir = resolve(configDir, project.functionsDir);
  for (const [name, dir] of [
    ['entitiesDir', entitiesDir],
    ['functionsDir', functionsDir],
  ]) {
    if (outside(root, dir))
      problems.push(
        `${name} resolves to ${dir}, outside the repository (${root}): the CLI would deploy what is there`,
      );
  }
  const entityFiles = filesIn(entitiesDir, /\.jsonc?$/);
  /** @type {Map<string, unknown>} */
  const declared = new Map();
  for (const file of entityFiles) {
    const value = /** @type {{ name?: unknown, rls?: unknown }} */ (readJsoncFile(join(entitiesDir, file)));
    if (typeof value?.name === 'string') declared.set(value.name, value.rls);
  }
  const entityNames = data.entities.map((entity) => entity.name);
  line(
    'entities',
    `${entityNames.join(', ') || '(none)'}; deploy's entity sync deletes every other entity of the app`,
  );
  for (const name of REQUIRED_ENTITIES) {
    if (!entityNames.includes(name)) problems.push(`the CLI finds no ${name} entity in ${entitiesDir}`);
  }
  for (const entity of data.entities) {
    const rules = entity.rls;
    const missing = RLS_OPERATIONS.filter((operation) => !rules || !(operation in rules));
    if (missing.length) problems.push(`entity ${entity.name}: no access rule for ${missing.join(', ')}`);
    if (!declared.has(entity.name))
      problems.push(`entity ${entity.name}: the CLI found it in no file of ${entitiesDir}`);
    else if (!isDeepStrictEqual(rules, declared.get(entity.name)))
      problems.push(`entity ${entity.name}: the CLI reads other access rules than its file declares`);
  }
  for (const name of declared.keys()) {
    if (!entityNames.includes(name))
      problems.push(`entity ${name}: declared in ${entitiesDir} but not read by the CLI`);
  }
  for (const entity of data.entities) {
    line(
      `  ${entity.name}`,
      `rls ${RLS_OPERATIONS.map((op) => `${op}: ${JSON.stringify(entity.rls?.[op])}`).join(', ')}`,
    );
  }

  // Functions: each with its entry and every shared file (the platform bundles them from what the CLI uploads).
  const sharedDir = resolve(functionsDir, '..', 'shared');
  const sharedFiles = filesIn(sharedDir, /./).map((name) => join(sharedDir, name));
  line(
    'functions',
    data.functions.map((fn) => `${fn.name} (${fn.filePaths.length} files)`).join(', ') || '(none)',
  );
  for (const name of REQUIRED_FUNCTIONS) {
    if (!data.functions.some((fn) => fn.name === name))
      problems.push(`the CLI finds no function ${name} in ${functionsDir}`);
  }
  if (!sharedFiles.length) problems.push(`no shared code in ${sharedDir}: both functions import it`);
  for (const fn of data.functions) {
    const uploaded = new Set(fn.filePaths.map((path) => resolve(path)));
    const left = sharedFiles.filter((path) => !uploaded.has(path));
    if (left.length)
      problems.push(
        `function ${fn.name}: the CLI does not upload ${left.map((path) => basename(path)).join(', ')}`,
      );
    if (!uploaded.has(resolve(fn.entryPath)))
      problems.push(`function ${fn.name}: its entry ${fn.entryPath} is not uploaded`);
  }
  line(
    '  shared',
    `${relative(root, sharedDir)}/: ${sharedFiles.map((path) => basename(path)).join(', ')}, with every function`,
  );

  // Connectors: with none declared, deploy's connector step removes the app's.
  line(
    'connectors',
    data.connectors.length
      ? data.connectors.map((connector) => connector.type).join(', ')
      : `none (no ${relative(root, resolve(configDir, project.connectorsDir))}/): a full \`deploy\` removes the app's OAuth connectors and its Stripe connector; deploy the parts instead (docs/deploy.md)`,
  );

  // The site: where the CLI takes it from, and what it is.
  const buildCommand = project.site?.buildCommand;
  line('build command', buildCommand ?? '(none)');
  if (buildCommand !== PRODUCTION_BUILD_COMMAND) {
    problems.push(
      `site.buildCommand is ${buildCommand ? `"${buildCommand}"` : 'not set'}: the CLI's build must be "${PRODUCTION_BUILD_COMMAND}"`,
    );
  }
  // Only the production build is ever run: a command the check has just refused is not run to see what it does.
  if (options.buildAppId && buildCommand === PRODUCTION_BUILD_COMMAND) {
    try {
      await cli.runSiteBuild(
        {
          runTask: (message, task) => {
            lines.push(`  ${message} (${buildCommand})`);
            return task();
          },
        },
        { root: project.root, buildCommand, appId: options.buildAppId },
      );
    } catch (error) {
      problems.push(`the CLI's build failed: ${messageOf(error)}`);
      return { lines, problems };
    }
  }
  const outputDirectory = project.site?.outputDirectory;
  const outputDir = cli.siteOutputDir(project);
  if (!outputDirectory || !outputDir) {
    line('site', '(no site.outputDirectory)');
    problems.push('site.outputDirectory is not set: deploy would upload no site');
    return { lines, problems };
  }
  line('site', `"${outputDirectory}" -> ${outputDir}`);
  if (outside(root, outputDir)) {
    problems.push(
      `site.outputDirectory "${outputDirectory}" resolves to ${outputDir}, outside the project: the CLI resolves it against the project root (${root}), not against base44/`,
    );
  }
  if (!existsSync(join(outputDir, 'index.html'))) {
    problems.push(
      `no index.html in ${outputDir}: deploy would push the entities and functions, then fail at its last step (build the site first)`,
    );
    return { lines, problems };
  }
  const loopback = findLoopbackAddresses(outputDir, 1);
  const appId = /\bappId:"([A-Za-z0-9_-]{1,64})"/.exec(
    filesIn(join(outputDir, 'assets'), /^main\..*\.js$/)
      .map((name) => readFileSync(join(outputDir, 'assets', name), 'utf8'))
      .join('\n'),
  )?.[1];
  if (loopback.length) {
    const where = [...new Set(loopback.map((hit) => hit.file))];
    line(
      '  built',
      `a LOCAL build (app ${appId ?? '?'}; loopback addresses in ${where.length} files, e.g. ${where[0]}): not for the platform (npm run deploy:check -- --build <app id> builds it for production)`,
    );
    if (options.production || options.buildAppId)
      problems.push(`${outputDir} holds a local build: loopback addresses in ${where.join(', ')}`);
  } else {
    line('  built', `a production build (index.html, no loopback address; app ${appId ?? '?'})`);
    if (options.buildAppId && appId !== options.buildAppId)
      problems.push(`the built site is for app ${appId ?? '(none found)'}, not ${options.buildAppId}`);
  }
  return { lines, problems };
}

async function main() {
  const { values } = parseArgs({
    options: {
      root: { type: 'string', default: resolve(import.meta.dirname, '..') },
      production: { type: 'boolean', default: false },
      build: { type: 'string' },
    },
  });
  /** @type {DeployCheckResult} */
  let result;
  try {
    result = await deployCheck({
      root: values.root,
      production: values.production,
      buildAppId: values.build,
    });
  } catch (error) {
    console.error(`[deploy:check] could not run the check: ${messageOf(error)}`);
    process.exit(1);
  }
  console.log(`[deploy:check] ${result.lines.join('\n')}`);
  if (result.problems.length) {
    console.error(`[deploy:check] FAILED: ${result.problems.length} problem(s)`);
    for (const problem of result.problems) console.error(`  - ${problem}`);
    process.exit(1);
  }
  console.log('[deploy:check] ok: the CLI reads what this project means to deploy');
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) await main();
