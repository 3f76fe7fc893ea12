/**
 * `npm run deploy:check` (scripts/deploy-check.mjs): the platform's own CLI (base44@0.1.18, its tarball's code) reads
 * a copy of this project, offline and without a login, and the check says whether a deploy would work.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseJsonc } from 'jsonc-parser';
import { afterEach, describe, expect, it } from 'vitest';
import { copyProject, deployCheck, type ProjectCopy } from './project-copy.ts';

/** base44/config.jsonc as it was before this check existed (commit f12b6d2). */
const OLD_CONFIG = `// The platform's project configuration, read by its CLI (\`npx base44 deploy\`, \`entities push\`, \`functions deploy\`).
// Paths are relative to this file. The app id is not kept here: \`npx base44 link\` writes it to \`.app.jsonc\`.
{
  "name": "agency-site",
  "description": "Marketing site of a UK agency: checkout and paid-order backend",
  "entitiesDir": "./entities",
  "functionsDir": "./functions",
  "site": {
    // \`npm run build\` with the production configuration (docs/hosting.md) writes the static site here.
    "outputDirectory": "../dist"
  }
}
`;

/** A built site's top page (the check reads the folder the CLI would upload, not how it was built). */
function writeSite(dir: string, html = '<!doctype html><title>Site</title>'): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'index.html'), html);
}

let copy: ProjectCopy | undefined;
afterEach(() => {
  copy?.remove();
  copy = undefined;
});

describe('deploy:check, the CLI reading the project', () => {
  it("passes on the repository's base44/ folder: both functions with base44/shared, Order with its rules, the site in ./dist", () => {
    copy = copyProject(['base44']);
    writeSite(join(copy.root, 'dist'));
    const run = deployCheck(['--root', copy.root]);
    expect(run.output).toContain('ok: the CLI reads what this project means to deploy');
    expect(run.status).toBe(0);
    expect(run.output).toContain(`project root  ${copy.root} (base44/config.jsonc)`);
    expect(run.output).toContain('visibility    public');
    expect(run.output).toMatch(
      /Order +rls create: false, read: \{"user_condition":\{"role":"admin"\}\}, update: \{"user_condition":\{"role":"admin"\}\}, delete: \{"user_condition":\{"role":"admin"\}\}/,
    );
    expect(run.output).toMatch(/functions +createCheckout \(\d+ files\), stripeWebhook \(\d+ files\)/);
    // Every module of base44/shared, in the CLI's (sorted) order: none is left behind by the bundle.
    const shared = readdirSync(join(copy.root, 'base44/shared')).sort();
    expect(shared).toEqual(expect.arrayContaining(['env.ts', 'packages.ts', 'stripe-client.ts']));
    expect(run.output).toContain(`base44/shared/: ${shared.join(', ')}, with every function`);
    expect(run.output).toContain(`"./dist" -> ${join(copy.root, 'dist')}`);
    expect(run.output).toContain('build command npm run build:production');
    // What a full deploy would do to the app, said before anyone runs it.
    expect(run.output).toContain("deploy's entity sync deletes every other entity of the app");
    expect(run.output).toContain("removes the app's OAuth connectors and its Stripe connector");
  });

  it('fails on the old config: "../dist" resolves outside the project, where there is no site', () => {
    copy = copyProject(['base44']);
    writeFileSync(join(copy.root, 'base44/config.jsonc'), OLD_CONFIG);
    // The site where the old comment meant it: in the repository's dist/.
    writeSite(join(copy.root, 'dist'));
    const run = deployCheck(['--root', copy.root]);
    expect(run.status).toBe(1);
    expect(run.output).toContain(`"../dist" -> ${join(copy.parent, 'dist')}`);
    expect(run.output).toContain(
      `site.outputDirectory "../dist" resolves to ${join(copy.parent, 'dist')}, outside the project`,
    );
    expect(run.output).toContain(`no index.html in ${join(copy.parent, 'dist')}`);
    expect(run.output).toContain('visibility is not set');
    expect(run.output).toContain('site.buildCommand is "npm run build"');
  });

  it('fails when the CLI does not find the Order entity', () => {
    copy = copyProject(['base44']);
    writeSite(join(copy.root, 'dist'));
    rmSync(join(copy.root, 'base44/entities/Order.jsonc'));
    const run = deployCheck(['--root', copy.root]);
    expect(run.status).toBe(1);
    expect(run.output).toContain(`the CLI finds no Order entity in ${join(copy.root, 'base44/entities')}`);
  });

  it('fails when the site has not been built', () => {
    copy = copyProject(['base44']);
    const run = deployCheck(['--root', copy.root]);
    expect(run.status).toBe(1);
    expect(run.output).toContain(`no index.html in ${join(copy.root, 'dist')}`);
  });

  it('tells a local build from a production one, and --production refuses a local build', () => {
    copy = copyProject(['base44']);
    writeSite(join(copy.root, 'dist'), '<!doctype html><link rel="canonical" href="http://localhost:4401/">');
    const lenient = deployCheck(['--root', copy.root]);
    expect(lenient.status).toBe(0);
    expect(lenient.output).toContain('a LOCAL build');
    const strict = deployCheck(['--root', copy.root, '--production']);
    expect(strict.status).toBe(1);
    expect(strict.output).toContain(
      `${join(copy.root, 'dist')} holds a local build: loopback addresses in index.html`,
    );

    writeSite(
      join(copy.root, 'dist'),
      '<!doctype html><link rel="canonical" href="https://www.example.co.uk/">',
    );
    const production = deployCheck(['--root', copy.root, '--production']);
    expect(production.status).toBe(0);
    expect(production.output).toContain('a production build');
  });
});

/** base44/config.jsonc of the copy with `change` applied to its parsed settings. */
function reconfigure(root: string, change: (config: Record<string, unknown>) => void): void {
  const file = join(root, 'base44/config.jsonc');
  const config = parseJsonc(readFileSync(file, 'utf8')) as Record<string, unknown>;
  change(config);
  writeFileSync(file, JSON.stringify(config, null, 2));
}

describe('deploy:check refuses what would deploy or run something else', () => {
  it('--build does not run a build command other than the production one', () => {
    copy = copyProject(['base44']);
    writeSite(join(copy.root, 'dist'));
    const marker = join(copy.parent, 'build-ran');
    reconfigure(copy.root, (config) => {
      config.site = { ...(config.site as object), buildCommand: `touch ${marker}` };
    });
    const run = deployCheck(['--root', copy.root, '--build', 'prodapp42']);
    expect(run.status).toBe(1);
    expect(run.output).toContain(`site.buildCommand is "touch ${marker}"`);
    expect(existsSync(marker)).toBe(false);
  });

  it('fails when entitiesDir or functionsDir points outside the repository', () => {
    copy = copyProject(['base44']);
    writeSite(join(copy.root, 'dist'));
    cpSync(join(copy.root, 'base44/entities'), join(copy.parent, 'elsewhere-entities'), { recursive: true });
    cpSync(join(copy.root, 'base44/functions'), join(copy.parent, 'elsewhere-functions'), {
      recursive: true,
    });
    reconfigure(copy.root, (config) => {
      config.entitiesDir = '../../elsewhere-entities';
      config.functionsDir = '../../elsewhere-functions';
    });
    const run = deployCheck(['--root', copy.root]);
    expect(run.status).toBe(1);
    expect(run.output).toContain(
      `entitiesDir resolves to ${join(copy.parent, 'elsewhere-entities')}, outside the repository`,
    );
    expect(run.output).toContain(
      `functionsDir resolves to ${join(copy.parent, 'elsewhere-functions')}, outside the repository`,
    );
  });
});
