import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * `npm:` specifiers of a function (`npm:stripe@23.1.0`, `npm:@base44/sdk@0.8.50/dist/x.js`). The platform installs
 * exactly the version a specifier names (the project's deno.json and deno.lock are not applied to functions), so here
 * a specifier must name an exact version, and that version must be the one the project pins in package.json and has
 * installed in node_modules: the bundle then holds the same code the platform's does.
 */

export interface NpmSpecifier {
  specifier: string;
  name: string;
  version: string | null;
  /** `/dist/x.js`, or '' for the package's main entry. */
  subpath: string;
}

// A scoped or plain package name, an optional @version (anything up to the next slash), an optional subpath.
const SPECIFIER = /^npm:(@[^/@]+\/[^/@]+|[^/@]+)(?:@([^/]*))?(\/.*)?$/;
/** An exact semver version: no range, no tag. */
const EXACT_VERSION = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;

export function parseNpmSpecifier(specifier: string): NpmSpecifier | null {
  const match = SPECIFIER.exec(specifier);
  if (!match) return null;
  return { specifier, name: match[1]!, version: match[2] || null, subpath: match[3] ?? '' };
}

function readJson(file: string): Record<string, unknown> | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } /* Stryker disable next-line BlockStatement: both callers read the result with ?., to which undefined is null. */ catch {
    return null;
  }
}

/** What the project pins for a package (dependencies or devDependencies of package.json), or null. */
function pinnedVersion(projectRoot: string, name: string): string | null {
  const manifest = readJson(path.join(projectRoot, 'package.json'));
  for (const field of ['devDependencies', 'dependencies']) {
    const versions = manifest?.[field] as Record<string, unknown> | undefined;
    const version = versions?.[name];
    if (typeof version === 'string') return version;
  }
  return null;
}

/**
 * Why `specifier` cannot be bundled from the project's node_modules, or null when it can: an exact version that the
 * project pins and has installed. Each message names the specifier and the versions involved.
 */
export function npmSpecifierProblem(spec: NpmSpecifier, projectRoot: string): string | null {
  const { specifier, name, version } = spec;
  const found = readJson(path.join(projectRoot, 'node_modules', name, 'package.json'))?.version;
  const installed = typeof found === 'string' ? found : null;
  const has =
    installed === null ? `${name} is not installed in node_modules` : `node_modules has ${name} ${installed}`;
  const pin = (exact: string) => `npm install --save-dev --save-exact ${name}@${exact}`;
  if (version === null) {
    return `${specifier} names no version, and the platform installs the version a specifier names (${has}): write npm:${name}@${installed ?? '<version>'}`;
  }
  if (!EXACT_VERSION.test(version)) {
    return `${specifier} names ${JSON.stringify(version)}, not an exact version (${has}): write npm:${name}@${installed ?? 'x.y.z'}`;
  }
  if (installed === null) return `${specifier} asks for ${name} ${version}, but ${has} (${pin(version)})`;
  if (installed !== version) {
    return `${specifier} asks for ${name} ${version}, but ${has}: make the two the same version`;
  }
  const pinned = pinnedVersion(projectRoot, name);
  if (pinned !== version) {
    const lists = pinned === null ? 'does not list it' : `lists ${JSON.stringify(pinned)}`;
    return `${specifier} asks for ${name} ${version}, but package.json ${lists}: pin it (${pin(version)})`;
  }
  return null;
}
