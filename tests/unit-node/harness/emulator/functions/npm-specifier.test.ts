/**
 * The `npm:` specifiers a function may use: parsed into name, version and subpath, and accepted only when they name an
 * exact version that the project pins in package.json and has installed, with a message that says what to change.
 * Each case builds a small project in a temporary directory.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  npmSpecifierProblem,
  parseNpmSpecifier,
} from '../../../../../host-harness/src/emulator/functions/npm-specifier.ts';

const parent = mkdtempSync(path.join(tmpdir(), 'npm-specifier-'));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

/** A project root with this package.json (text as given) and these installed packages' package.json. */
function project(manifest: unknown, installed: Record<string, unknown> = {}): string {
  const root = mkdtempSync(path.join(parent, 'project-'));
  if (manifest !== undefined)
    writeFileSync(
      path.join(root, 'package.json'),
      typeof manifest === 'string' ? manifest : JSON.stringify(manifest),
    );
  for (const [name, packageJson] of Object.entries(installed)) {
    mkdirSync(path.join(root, 'node_modules', name), { recursive: true });
    writeFileSync(path.join(root, 'node_modules', name, 'package.json'), JSON.stringify(packageJson));
  }
  return root;
}

function problem(specifier: string, root: string): string | null {
  const spec = parseNpmSpecifier(specifier);
  if (!spec) throw new Error(`not a specifier: ${specifier}`);
  return npmSpecifierProblem(spec, root);
}

const PIN_STRIPE = 'npm install --save-dev --save-exact stripe@23.1.0';

describe('parseNpmSpecifier', () => {
  it('reads a plain or scoped name, an optional version and an optional subpath', () => {
    expect(parseNpmSpecifier('npm:stripe@23.1.0')).toStrictEqual({
      specifier: 'npm:stripe@23.1.0',
      name: 'stripe',
      version: '23.1.0',
      subpath: '',
    });
    expect(parseNpmSpecifier('npm:@base44/sdk@0.8.50/dist/x.js')).toStrictEqual({
      specifier: 'npm:@base44/sdk@0.8.50/dist/x.js',
      name: '@base44/sdk',
      version: '0.8.50',
      subpath: '/dist/x.js',
    });
    expect(parseNpmSpecifier('npm:@base44/sdk')).toMatchObject({
      name: '@base44/sdk',
      version: null,
      subpath: '',
    });
    expect(parseNpmSpecifier('npm:stripe/lib/x.js')).toMatchObject({
      name: 'stripe',
      version: null,
      subpath: '/lib/x.js',
    });
    expect(parseNpmSpecifier('npm:stripe@^23')).toMatchObject({ name: 'stripe', version: '^23' });
  });

  it('an empty version is no version', () => {
    expect(parseNpmSpecifier('npm:stripe@')).toMatchObject({ name: 'stripe', version: null });
  });

  it('anything else is not an npm specifier', () => {
    for (const specifier of [
      'stripe',
      'npm:',
      'npm:@base44',
      'npm:@/x',
      'jsr:@std/path',
      ' npm:stripe',
      'xnpm:stripe',
      // A line break: not even in a subpath.
      'npm:stripe@23.1.0/lib\nx',
    ]) {
      expect(parseNpmSpecifier(specifier), specifier).toBeNull();
    }
  });
});

describe('npmSpecifierProblem', () => {
  const pinned = (field: string, version = '23.1.0') => ({ [field]: { stripe: version } });
  const installed = { stripe: { name: 'stripe', version: '23.1.0' } };

  it('accepts an exact version that package.json pins (as a dependency or a dev dependency) and node_modules has', () => {
    expect(problem('npm:stripe@23.1.0', project(pinned('devDependencies'), installed))).toBeNull();
    expect(problem('npm:stripe@23.1.0/lib/x.js', project(pinned('dependencies'), installed))).toBeNull();
    const twoDigits = { stripe: { version: '23.10.12' } };
    expect(
      problem('npm:stripe@23.10.12', project(pinned('devDependencies', '23.10.12'), twoDigits)),
    ).toBeNull();
    const both = { devDependencies: { stripe: '23.1.0' }, dependencies: { stripe: '^22' } };
    expect(problem('npm:stripe@23.1.0', project(both, installed))).toBeNull();
    const prerelease = { '@scope/pkg': { version: '1.2.3-beta.1+build.5' } };
    expect(
      problem(
        'npm:@scope/pkg@1.2.3-beta.1+build.5',
        project({ devDependencies: { '@scope/pkg': '1.2.3-beta.1+build.5' } }, prerelease),
      ),
    ).toBeNull();
  });

  it('a specifier without a version: write the installed one', () => {
    expect(problem('npm:stripe', project(pinned('devDependencies'), installed))).toBe(
      'npm:stripe names no version, and the platform installs the version a specifier names (node_modules has stripe 23.1.0): write npm:stripe@23.1.0',
    );
    expect(problem('npm:stripe', project({}))).toBe(
      'npm:stripe names no version, and the platform installs the version a specifier names (stripe is not installed in node_modules): write npm:stripe@<version>',
    );
  });

  it('a range or a tag: write an exact version', () => {
    expect(problem('npm:stripe@^23.1.0', project(pinned('devDependencies'), installed))).toBe(
      'npm:stripe@^23.1.0 names "^23.1.0", not an exact version (node_modules has stripe 23.1.0): write npm:stripe@23.1.0',
    );
    for (const version of ['latest', '23.1', 'v23.1.0', '23.1.0 ', '=23.1.0']) {
      expect(problem(`npm:stripe@${version}`, project({})), version).toBe(
        `npm:stripe@${version} names ${JSON.stringify(version)}, not an exact version (stripe is not installed in node_modules): write npm:stripe@x.y.z`,
      );
    }
  });

  it('a version that is not installed: install and pin it', () => {
    expect(problem('npm:stripe@23.1.0', project(pinned('devDependencies')))).toBe(
      `npm:stripe@23.1.0 asks for stripe 23.1.0, but stripe is not installed in node_modules (${PIN_STRIPE})`,
    );
    const noVersion = project(pinned('devDependencies'), { stripe: { name: 'stripe', version: 23 } });
    expect(problem('npm:stripe@23.1.0', noVersion)).toBe(
      `npm:stripe@23.1.0 asks for stripe 23.1.0, but stripe is not installed in node_modules (${PIN_STRIPE})`,
    );
  });

  it('another version installed: make the two the same', () => {
    expect(problem('npm:stripe@23.0.0', project(pinned('devDependencies'), installed))).toBe(
      'npm:stripe@23.0.0 asks for stripe 23.0.0, but node_modules has stripe 23.1.0: make the two the same version',
    );
  });

  it('installed but not pinned to that version in package.json: pin it', () => {
    expect(problem('npm:stripe@23.1.0', project(pinned('devDependencies', '^23.1.0'), installed))).toBe(
      `npm:stripe@23.1.0 asks for stripe 23.1.0, but package.json lists "^23.1.0": pin it (${PIN_STRIPE})`,
    );
    for (const manifest of [{}, { devDependencies: { other: '1.0.0' } }, undefined, '{ not json']) {
      expect(problem('npm:stripe@23.1.0', project(manifest, installed)), JSON.stringify(manifest)).toBe(
        `npm:stripe@23.1.0 asks for stripe 23.1.0, but package.json does not list it: pin it (${PIN_STRIPE})`,
      );
    }
    expect(problem('npm:stripe@23.1.0', project({ devDependencies: { stripe: 23 } }, installed))).toBe(
      `npm:stripe@23.1.0 asks for stripe 23.1.0, but package.json does not list it: pin it (${PIN_STRIPE})`,
    );
  });
});
