#!/usr/bin/env node
/**
 * Import boundaries (docs/style.md, "What we take" 1): `src/platform` and `src/bridge` import nothing from the app
 * (the bridge only the platform's pure launch-query helpers); pages do not import each other; `src` never imports `host-harness`; the harness imports from `src` only
 * contract types and data (`*-types.ts`, `src/platform/types*`, `src/app/paths.ts`).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const importPattern =
  /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (/\.(ts|tsx|mts|js|mjs)$/.test(name)) yield path;
  }
}

const rel = (path) => relative(root, path).split('\\').join('/');
const violations = [];

function check(dir, rule) {
  let count = 0;
  for (const file of files(resolve(root, dir))) {
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(importPattern)) {
      const specifier = match[1] ?? match[2];
      if (!specifier?.startsWith('.')) continue;
      const target = rel(resolve(dirname(file), specifier));
      const problem = rule(rel(file), target);
      if (problem) violations.push(`${rel(file)} imports ${specifier}: ${problem}`);
      count++;
    }
  }
  return count;
}

const contractFromSrc = (target) =>
  /-types\.ts$/.test(target) || target.startsWith('src/platform/types') || target === 'src/app/paths.ts';

check('src/platform', (_, target) =>
  target.startsWith('src/platform/') ? null : 'platform must stay self-contained',
);
// The bridge reads the launch query with the platform client's pure helpers (one implementation of the token rules).
const bridgeMayImport = (target) =>
  target.startsWith('src/bridge/') || target === 'src/platform/launch-params.ts';
check('src/bridge', (_, target) => (bridgeMayImport(target) ? null : 'bridge must stay self-contained'));
check('src', (_, target) => (target.startsWith('host-harness/') ? 'src never imports the harness' : null));
check('src/pages', (file, target) =>
  target.startsWith('src/pages/') && target !== file ? 'pages do not import each other' : null,
);
check('host-harness', (_, target) =>
  target.startsWith('src/') && !contractFromSrc(target)
    ? 'the harness imports only contract types from src'
    : null,
);

if (violations.length) {
  console.error(`Import boundaries: ${violations.length} violation(s)\n${violations.join('\n')}`);
  process.exit(1);
}
console.log('Import boundaries: ok');
