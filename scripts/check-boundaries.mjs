#!/usr/bin/env node
/**
 * Import boundaries (dependencies point one way: ARCHITECTURE.md, "What may import what"), enforced on every kind of import: static `import … from`,
 * side-effect `import '…'`, `import type`, `export … from`, and dynamic `import('…')` (a lazily loaded chunk is
 * still a dependency). Each file belongs to one layer of the table below, and may import only what its row allows;
 * a file in no layer, or a computed `import()` that cannot be checked, is an error too. Inside the harness, the
 * platform emulator's feature folders follow their own rule (`EMULATOR` below): each other only through `index.ts`,
 * and never in a cycle. The payment provider's stand-in (`PROVIDER` below) is an emulator of its own: it and the
 * platform emulator never import each other (they talk over HTTP), it imports nothing but its own files and the
 * servers' shared `serving/`, and its folders import each other in no cycle and never its wiring.
 *
 *   node scripts/check-boundaries.mjs [root]   (root: the repository to check; this one by default)
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';

/**
 * The layers, most specific path first. `imports`: the layers (or single files) a layer's files may import;
 * `types`: what it may import with `import type` only. Platform and bridge know nothing of the site; content is
 * data; components show content; sections compose components; pages compose sections; the app shell reaches pages
 * only through the page table.
 */
const layers = [
  { name: 'platform', paths: ['src/platform/'], imports: ['platform'] },
  // The bridge reads the launch query with the platform client's helpers (one implementation of the token rules).
  {
    name: 'bridge',
    paths: ['src/bridge/'],
    imports: [
      'bridge',
      'src/platform/launch-token/index.ts',
      'src/platform/launch-params.ts',
      'src/platform/constants.ts',
    ],
  },
  { name: 'config', paths: ['src/site-config.ts', 'src/site-config-types.ts'], imports: ['config'] },
  { name: 'assets', paths: ['src/assets/', 'src/styles/'], imports: ['assets'] },
  // What the site sells, written once for the site, the backend functions and the harness's provider account.
  { name: 'package', paths: ['base44/shared/packages.ts'], imports: [] },
  // Texts and numbers, some from the build configuration (the agency's name and contacts) and the package's figures.
  {
    name: 'content',
    paths: ['src/content/'],
    imports: ['content', 'config', 'assets', 'package'],
    types: ['platform'],
  },
  { name: 'components', paths: ['src/components/'], imports: ['components', 'content', 'assets'] },
  // Machinery the shell, pages and sections share: paths and links, the site's platform and bridge, stores.
  {
    name: 'shared',
    paths: ['src/shared/'],
    imports: ['shared', 'platform', 'bridge', 'content', 'config'],
  },
  // The checkout, one folder for the whole behaviour: its store, hook and button, the createCheckout call, the
  // answer's redirect rule and the leaving for the payment provider. Its texts are content's, as every text is.
  {
    name: 'checkout',
    paths: ['src/checkout/'],
    imports: ['checkout', 'shared', 'components', 'content', 'config'],
  },
  // The loading layer: regions adopted from the prerendered HTML, islands, the boot script (which takes the launch
  // token with the platform client's one implementation of the token rules, before the first paint).
  {
    name: 'hydration',
    paths: ['src/hydration/'],
    imports: ['hydration', 'shared', 'content', 'components', 'config', 'src/platform/launch-token/index.ts'],
  },
  {
    name: 'sections',
    paths: ['src/sections/'],
    imports: ['sections', 'components', 'content', 'shared', 'hydration', 'assets'],
  },
  {
    name: 'pages',
    paths: ['src/pages/'],
    imports: ['sections', 'checkout', 'components', 'content', 'shared', 'hydration'],
  },
  {
    name: 'app',
    paths: ['src/app/'],
    imports: ['app', 'shared', 'hydration', 'platform', 'bridge', 'content', 'components', 'config'],
  },
  // The entry points, one folder, each file named for what it starts (the boot script, the standalone site, `./App`,
  // the prerender step): nothing imports them but the build.
  {
    name: 'entries',
    paths: ['src/entries/'],
    imports: ['entries', 'app', 'shared', 'hydration', 'content', 'config', 'assets'],
  },
  { name: 'typings', paths: ['src/env.d.ts'], imports: [] },
  // The harness imports from the site only contract types and data (the path table); build scripts freely; the
  // package's figures for its provider account's prices (its wiring: the payment double itself takes none, below).
  {
    name: 'harness',
    paths: ['host-harness/'],
    imports: ['harness', 'tools', 'src/shared/navigation/paths.ts', 'package'],
    types: ['config', 'platform'],
  },
  // Not checked here; listed so that the site's code cannot reach them.
  { name: 'tools', paths: ['scripts/', 'tests/', 'config/'], imports: [] },
];

/** The only app file that imports pages: the page table (lazy loaders, one chunk per page). */
const PAGE_TABLE = 'src/app/page-registry.ts';

/**
 * Modules that are a folder with one entrance: from outside the folder only its `index.ts` may be imported, whatever
 * the layer (the launch token: one public function, and the one parse every outgoing URL goes through).
 */
const ONE_ENTRANCE = ['src/platform/launch-token/'];

/** What is wrong with importing `target` from `from` under ONE_ENTRANCE, or null. */
function entranceProblem(from, target) {
  const folder = ONE_ENTRANCE.find((dir) => target.startsWith(dir) && !from.startsWith(dir));
  return folder && target !== `${folder}index.ts` ? `import ${folder} only through its index.ts` : null;
}

/**
 * Inside the platform emulator every folder is a feature (`auth/`, `entities/`, `payments/`, …) except `core/`, the
 * plumbing every feature shares; the files at its top are the app factory. Core imports no feature and not the
 * factory; a feature imports core, its own files and other features only through their `index.ts` (their public
 * surface), never the factory; the features' imports of each other form no cycle. Outside the emulator, the harness
 * reaches it only through its own `index.ts`.
 */
const EMULATOR = 'host-harness/src/emulator/';
const EMULATOR_CORE = 'core';
const FACTORY = '(the app factory)';

/** The emulator part a path belongs to: a feature's folder name, `core`, the factory, or null outside the emulator. */
function emulatorPart(path) {
  if (!path.startsWith(EMULATOR)) return null;
  const rest = path.slice(EMULATOR.length);
  return rest.includes('/') ? rest.slice(0, rest.indexOf('/')) : FACTORY;
}

/** What is wrong with an import between two harness files under the emulator's rules, or null. */
function emulatorProblem(from, target, edges) {
  const fromPart = emulatorPart(from);
  const targetPart = emulatorPart(target);
  if (targetPart === null) return null;
  if (fromPart === null)
    return target === `${EMULATOR}index.ts` ? null : 'outside the emulator, import only its index.ts';
  if (fromPart === targetPart || targetPart === EMULATOR_CORE) return null;
  if (fromPart === EMULATOR_CORE) return `the emulator's core may not import ${describePart(targetPart)}`;
  if (targetPart === FACTORY) return 'an emulator feature may not import the app factory';
  if (target !== `${EMULATOR}${targetPart}/index.ts`)
    return `import the emulator feature ${targetPart} only through its index.ts`;
  if (fromPart !== FACTORY) edges.push([fromPart, targetPart]);
  return null;
}

const describePart = (part) => (part === FACTORY ? 'the app factory' : `the feature ${part}`);

/**
 * The payment provider's stand-in: its folders (`api/`, `billing/`, …) reach each other directly but never in a cycle,
 * and never its top-level files (its wiring: the app factory, the engine, the seed).
 */
const PROVIDER = 'host-harness/payments/';
/** What the stand-in may import besides its own files: what the harness's servers share (Host rule, timeouts, pages). */
const SERVING = 'host-harness/src/serving/';
const SUB_FEATURES = [PROVIDER];

/** The sub-feature a path belongs to inside `root`: its folder name, the feature's wiring, or null outside `root`. */
function subPart(root, path) {
  if (!path.startsWith(root)) return null;
  const rest = path.slice(root.length);
  return rest.includes('/') ? rest.slice(0, rest.indexOf('/')) : FACTORY;
}

/**
 * Why an import crosses between the stand-in and anything else, or null. Its rules come from the provider's pages and
 * its own dashboard, never from the code it stands beside, and it reaches the platform only over HTTP.
 */
function providerProblem(from, target) {
  const inside = (path) => path.startsWith(PROVIDER);
  if (inside(from) === inside(target)) return null;
  const platform = (path) => path.startsWith(EMULATOR);
  if (platform(from) || platform(target))
    return "the payment provider's stand-in and the platform emulator never import each other: they talk over HTTP";
  if (inside(from) && !target.startsWith(SERVING))
    return "the payment provider's stand-in imports only its own files and host-harness/src/serving/: its rules come from the provider's pages, never from the site's or the backend's code";
  return null;
}

/** What is wrong with an import between two files of one feature with sub-folders, or null. */
function subFeatureProblem(root, from, target, edges) {
  const fromPart = subPart(root, from);
  const targetPart = subPart(root, target);
  if (fromPart === null || targetPart === null || fromPart === targetPart) return null;
  if (targetPart === FACTORY)
    return `a folder of ${root} may not import the feature's wiring (its top-level files)`;
  if (fromPart !== FACTORY) edges.push([fromPart, targetPart]);
  return null;
}

/** Each cycle among the features' imports of each other, as `a -> b -> a` (one per strongly connected group). */
function featureCycles(edges) {
  const next = new Map();
  for (const [from, to] of edges) next.set(from, new Set([...(next.get(from) ?? []), to]));
  const cycles = [];
  const done = new Set();
  for (const start of [...next.keys()].sort()) {
    if (done.has(start)) continue;
    // Depth-first from `start`; a path that comes back to `start` is a cycle through it.
    const stack = [[start, [start]]];
    const seen = new Set();
    let found = null;
    while (stack.length && !found) {
      const [node, path] = stack.pop();
      for (const to of [...(next.get(node) ?? [])].sort()) {
        if (to === start) {
          found = [...path, start];
          break;
        }
        if (!seen.has(to)) {
          seen.add(to);
          stack.push([to, [...path, to]]);
        }
      }
    }
    if (found) {
      cycles.push(found.join(' -> '));
      for (const part of found) done.add(part);
    }
  }
  return cycles;
}

const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'dist-ssr', '.git']);

function* files(dir) {
  for (const name of readdirSync(dir)) {
    if (SKIP_DIRS.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (SOURCE.test(name)) yield path;
  }
}

/**
 * The code of a file with comments removed and every string or template literal replaced by `\0<n>\0` (its text
 * kept in `strings`), so that import syntax is matched only in code: an `import(` inside a comment or a string is
 * not an import, and a specifier is always one literal.
 */
function skeleton(source) {
  const strings = [];
  let out = '';
  let i = 0;
  const n = source.length;
  while (i < n) {
    const c = source[i];
    const next = source[i + 1];
    if (c === '/' && next === '/') {
      while (i < n && source[i] !== '\n') i++;
    } else if (c === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      i = end === -1 ? n : end + 2;
      out += ' ';
    } else if (c === "'" || c === '"' || c === '`') {
      let text = '';
      i++;
      while (i < n && source[i] !== c) {
        if (source[i] === '\\') {
          text += source[i + 1] ?? '';
          i += 2;
          continue;
        }
        if (c === '`' && source[i] === '$' && source[i + 1] === '{') {
          text += '${';
          i += 2;
          continue;
        }
        if (c !== '`' && source[i] === '\n') break;
        text += source[i++];
      }
      i++;
      // A template literal with a substitution is not a fixed specifier.
      strings.push(c === '`' && text.includes('${') ? null : text);
      out += `\0${strings.length - 1}\0`;
    } else {
      out += c;
      i++;
    }
  }
  return { code: out, strings };
}

const LITERAL = '\\0(\\d+)\\0';
// `import x from`, `import { a } from`, `import type { A } from`, `export * from`, `export { a } from`,
// `export type { A } from`: the clause holds names, braces, commas, `*`, `as` and `type`, never another keyword.
const FROM = new RegExp(
  `(?<![\\w$.])(import|export)(\\s+type\\b)?((?:(?!\\b(?:import|export)\\b)[\\w$\\s{},*])*?)\\bfrom\\s*${LITERAL}`,
  'g',
);
const SIDE_EFFECT = new RegExp(`(?<![\\w$.])import\\s*${LITERAL}`, 'g');
const DYNAMIC = /(?<![\w$.])import\s*\(\s*([^)\s][^)]*)/g;

/** Every import of a file: `{ specifier, kind: 'static' | 'type' | 'dynamic' }`, or `specifier: null` if computed. */
export function importsOf(source) {
  const { code, strings } = skeleton(source);
  const found = [];
  for (const m of code.matchAll(FROM)) {
    found.push({ specifier: strings[Number(m[4])], kind: m[2] ? 'type' : 'static' });
  }
  for (const m of code.matchAll(SIDE_EFFECT))
    found.push({ specifier: strings[Number(m[1])], kind: 'static' });
  for (const m of code.matchAll(DYNAMIC)) {
    const literal = new RegExp(`^${LITERAL}\\s*(,|$)`).exec(m[1].trim());
    found.push({ specifier: literal ? strings[Number(literal[1])] : null, kind: 'dynamic' });
  }
  return found;
}

const layerOf = (path) => layers.find((layer) => layer.paths.some((p) => path === p || path.startsWith(p)));
const allows = (names, target, targetLayer) =>
  names?.some((name) => name === target || name === targetLayer?.name) ?? false;

/** The violations of the table under `root` (repository-relative paths in the messages). */
export function checkBoundaries(root) {
  const violations = [];
  const featureEdges = [];
  const subEdges = new Map(SUB_FEATURES.map((root) => [root, []]));
  const rel = (path) => relative(root, path).split('\\').join('/');
  const dirs = ['src', 'host-harness'].map((dir) => resolve(root, dir)).filter(existsSync);
  for (const file of dirs.flatMap((dir) => [...files(dir)])) {
    const from = rel(file);
    const layer = layerOf(from);
    if (!layer) {
      violations.push(`${from}: in no layer of the import table (scripts/check-boundaries.mjs)`);
      continue;
    }
    for (const { specifier, kind } of importsOf(readFileSync(file, 'utf8'))) {
      if (specifier === null) {
        violations.push(`${from}: a computed import() cannot be checked; import a literal path`);
        continue;
      }
      if (!specifier.startsWith('.')) continue;
      const target = rel(resolve(dirname(file), specifier));
      const targetLayer = layerOf(target);
      const how = kind === 'dynamic' ? 'import()' : kind === 'type' ? 'import type' : 'import';
      const problem = (() => {
        const crossing = providerProblem(from, target);
        if (crossing) return crossing;
        const entrance = entranceProblem(from, target);
        if (entrance) return entrance;
        if (targetLayer?.name === layer.name) {
          if (layer.name === 'harness') {
            for (const root of SUB_FEATURES) {
              const inside = subFeatureProblem(root, from, target, subEdges.get(root));
              if (inside) return inside;
            }
            return emulatorProblem(from, target, featureEdges);
          }
          return layer.name === 'pages' && target !== from ? 'pages do not import each other' : null;
        }
        if (targetLayer?.name === 'pages')
          return from === PAGE_TABLE ? null : 'the app shell reaches pages only through the page table';
        if (allows(layer.imports, target, targetLayer)) return null;
        if (kind === 'type' && allows(layer.types, target, targetLayer)) return null;
        return `${layer.name} may not import ${targetLayer?.name ?? target}`;
      })();
      if (problem) violations.push(`${from}: ${how} '${specifier}': ${problem}`);
    }
  }
  for (const cycle of featureCycles(featureEdges))
    violations.push(`${EMULATOR}: emulator features import each other in a cycle: ${cycle}`);
  for (const [root, edges] of subEdges)
    for (const cycle of featureCycles(edges))
      violations.push(`${root}: its folders import each other in a cycle: ${cycle}`);
  return violations;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [given] = parseArgs({ allowPositionals: true }).positionals;
  const root = resolve(given ?? resolve(import.meta.dirname, '..'));
  const violations = checkBoundaries(root);
  if (violations.length) {
    console.error(`Import boundaries: ${violations.length} violation(s)\n${violations.join('\n')}`);
    process.exit(1);
  }
  console.log('Import boundaries: ok');
}
