/**
 * The bundle step, as the platform's CLI bundles a function: npm: specifiers resolve to the exact version pinned and
 * installed, anything else is a build error that names the specifier and the versions; the project's own functions
 * bundle into one module with nothing left to fetch.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  bundleFunction,
  FunctionBundleError,
} from '../../../host-harness/src/emulator/functions/function-bundle.ts';

const FIXTURES = path.join(import.meta.dirname, 'fixtures/bundle');
const ROOT = path.resolve(import.meta.dirname, '../../..');
const installed = (name: string): string =>
  JSON.parse(readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8')).version;

async function bundleError(file: string): Promise<string> {
  const error = await bundleFunction(file).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(FunctionBundleError);
  return (error as Error).message;
}

describe('function bundle', () => {
  const scratch = mkdtempSync(path.join(tmpdir(), 'bundle-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it("bundles each of the project's functions into one module, shared code included and no import left but node:", async () => {
    for (const name of ['createCheckout', 'stripeWebhook']) {
      const { code, inputs } = await bundleFunction(path.join(ROOT, 'base44/functions', name, 'index.ts'));
      expect(inputs).toContain(`base44/functions/${name}/index.ts`);
      expect(inputs).toEqual(
        expect.arrayContaining(['base44/shared/env.ts', 'base44/shared/stripe-client.ts']),
      );
      expect(
        inputs.every(
          (input) => input.startsWith(`base44/functions/${name}/`) || input.startsWith('base44/shared/'),
        ),
      ).toBe(true);
      expect(code).not.toMatch(/^(import|export)\b[^;]*?\bfrom\s*"(?!node:)/m);
      expect(code).not.toMatch(/^import\s*"/m);
    }
  });

  it('resolves pinned npm: packages, node: built-ins (left as imports), base44:runtime, relative files, __dirname', async () => {
    const { code, inputs } = await bundleFunction(path.join(FIXTURES, 'pinned.js'));
    expect(inputs.sort()).toEqual([
      'tests/integration/functions/fixtures/bundle/pinned.js',
      'tests/integration/functions/fixtures/bundle/where.js',
    ]);
    expect(code).toMatch(/from "node:buffer"/);
    expect(code).toContain('globalThis.Base44.secrets.get(name)');
    expect(code).toContain('"a relative import"');
    expect(code).toMatch(/dir: "\/",\s*file: "\/index\.js"/);
    // The worker build of the SDK (the "worker" condition), not its Node build.
    expect(code).toContain('createFetchHttpClient');
    expect(code).not.toMatch(/from "node:http"/);
  });

  it('refuses an npm: specifier without a version, naming it and the version installed', async () => {
    const file = path.join(scratch, 'no-version.js');
    writeFileSync(file, "import Stripe from 'npm:stripe';\nexport default Stripe;\n");
    expect(await bundleError(file)).toBe(
      `${file}:1:20: npm:stripe names no version, and the platform installs the version a specifier names (node_modules has stripe ${installed('stripe')}): write npm:stripe@${installed('stripe')}`,
    );
  });

  it('refuses a version range, a different version, and a package not installed, naming both versions', async () => {
    expect(await bundleError(path.join(FIXTURES, 'range.js'))).toContain(
      `npm:stripe@^23.1.0 names "^23.1.0", not an exact version (node_modules has stripe ${installed('stripe')})`,
    );
    expect(await bundleError(path.join(FIXTURES, 'mismatch.js'))).toContain(
      `npm:stripe@23.0.0 asks for stripe 23.0.0, but node_modules has stripe ${installed('stripe')}`,
    );
    expect(await bundleError(path.join(FIXTURES, 'not-installed.js'))).toContain(
      'npm:left-pad@1.3.0 asks for left-pad 1.3.0, but left-pad is not installed in node_modules',
    );
  });

  it('refuses a package that is installed (as something else’s dependency) but not pinned by the project', async () => {
    const version = installed('undici');
    const file = path.join(scratch, 'transitive.js');
    writeFileSync(file, `import { fetch } from 'npm:undici@${version}';\nexport default fetch;\n`);
    expect(await bundleError(file)).toContain(
      `npm:undici@${version} asks for undici ${version}, but package.json does not list it: pin it (npm install --save-dev --save-exact undici@${version})`,
    );
  });

  it('refuses bare specifiers and jsr:/https: imports in project code, saying what to write', async () => {
    expect(await bundleError(path.join(FIXTURES, 'bare.js'))).toContain(
      '"stripe" is a bare specifier, which the platform cannot resolve: import npm:stripe@<version>',
    );
    expect(await bundleError(path.join(FIXTURES, 'jsr.js'))).toContain(
      'jsr:@std/assert@1.0.0: only npm: packages are bundled here',
    );
  });
});
