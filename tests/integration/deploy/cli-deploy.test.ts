/**
 * The deploy rehearsal: the platform's own CLI (0.1.18, run from its verified tarball) deploys a copy of this project
 * to the harness, and the harness serves what it deployed. The copy holds a function the repository does not have
 * (`deployProbe`, which imports `base44/shared/`), so that what answers can only come from the upload. Each CLI run
 * takes a few seconds (it unpacks its 28 MB tarball and starts); the rest is checked over HTTP.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, type Running, startEmulator } from '../emulator/emulator-harness.ts';
import { type CliRun, runCli } from './cli-run.ts';
import { copyProject, type ProjectCopy } from './project-copy.ts';

const CLI_TIMEOUT = 60_000;
const PROBE = `import { errorResponse } from '../../shared/http.ts';

Deno.serve((request) => {
  if (request.method !== 'POST') return errorResponse(405, 'POST only', 'method_not_allowed');
  console.log('deployProbe answered VERSION');
  return Response.json({ probe: 'VERSION', siteOrigin: Deno.env.get('SITE_ORIGIN') ?? null });
});
`;
const SITE_MARKER = '<h1>The deployed copy of the site</h1>';

let h: Running;
let project: ProjectCopy;
const cli = (args: string[], signedInAs?: { token: string; email: string }) =>
  runCli(args, { apiUrl: h.url, cwd: project.root, ...(signedInAs ? { signedInAs } : {}) });
const writeProbe = (version: string) =>
  writeFileSync(
    join(project.root, 'base44/functions/deployProbe/index.ts'),
    PROBE.replaceAll('VERSION', version),
  );
const callProbe = () => h.call('POST', '/api/apps/local-app/functions/deployProbe', { body: {} });
/** The CLI's output, with what it took. */
const shown = (run: CliRun) => `exit ${run.status} after ${run.ms} ms:\n${run.output}`;

beforeAll(async () => {
  h = await startEmulator();
  project = copyProject(['base44']);
  const probe = join(project.root, 'base44/functions/deployProbe');
  mkdirSync(probe, { recursive: true });
  writeFileSync(join(probe, 'function.jsonc'), '{ "name": "deployProbe", "entry": "index.ts" }\n');
  writeProbe('v1');
  mkdirSync(join(project.root, 'dist/assets'), { recursive: true });
  writeFileSync(
    join(project.root, 'dist/index.html'),
    `<!doctype html><title>Deployed</title>${SITE_MARKER}`,
  );
  writeFileSync(
    join(project.root, 'dist/404.html'),
    '<!doctype html><title>Not found</title><h1>No such page</h1>',
  );
  writeFileSync(join(project.root, 'dist/assets/app.js'), 'console.log("deployed");\n');
});

afterAll(async () => {
  await h?.close();
  project?.remove();
});

describe('base44 deploy -y against the harness', () => {
  let deploy: CliRun;

  it(
    'exits 0, deploys every part, and prints the published URL',
    async () => {
      deploy = await cli(['deploy', '-y']);
      expect(deploy.status, shown(deploy)).toBe(0);
      expect(deploy.output).toContain('App visibility set to public');
      expect(deploy.output).toMatch(/createCheckout\s+deployed/);
      expect(deploy.output).toMatch(/stripeWebhook\s+deployed/);
      expect(deploy.output).toMatch(/deployProbe\s+deployed/);
      expect(deploy.output).toContain(`App URL: ${h.emulator.publishedUrl()}`);
      expect(deploy.output).toContain('App deployed successfully');
      console.log(`base44 deploy -y: ${shown(deploy)}`);
    },
    CLI_TIMEOUT,
  );

  it('the published URL serves the deployed site, with the site server’s headers and fallbacks', async () => {
    const home = await fetch(h.emulator.publishedUrl());
    expect(home.status).toBe(200);
    expect(await home.text()).toContain(SITE_MARKER);
    expect(home.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(home.headers.get('x-content-type-options')).toBe('nosniff');
    const asset = await fetch(`${h.emulator.publishedUrl()}assets/app.js`);
    expect(await asset.text()).toBe('console.log("deployed");\n');
    const missing = await fetch(`${h.emulator.publishedUrl()}no-such-file.js`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('No such page');
  });

  it('a function only the deployed copy has answers, with base44/shared beside it', async () => {
    const answer = await callProbe();
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.probe).toBe('v1');
    const get = await h.call('GET', '/api/apps/local-app/functions/deployProbe');
    expect(get.body).toEqual({ error: 'POST only', code: 'method_not_allowed' });
  });

  it(
    'base44 functions list lists it beside the project’s own, and base44 logs shows what it wrote',
    async () => {
      const [list, logs] = await Promise.all([
        cli(['functions', 'list']),
        cli(['logs', '--function', 'deployProbe']),
      ]);
      expect(list.status, shown(list)).toBe(0);
      expect(list.output).toContain('3 functions on remote');
      for (const name of ['createCheckout', 'stripeWebhook', 'deployProbe'])
        expect(list.output).toContain(`  ${name}`);
      expect(logs.status, shown(logs)).toBe(0);
      expect(logs.output).toMatch(
        /\d{4}-\d\d-\d\d \d\d:\d\d:\d\d INFO {2}\[deployProbe\] deployProbe answered v1/,
      );
    },
    CLI_TIMEOUT,
  );

  it(
    'a re-deploy of unchanged functions answers unchanged',
    async () => {
      const again = await cli(['deploy', '-y']);
      expect(again.status, shown(again)).toBe(0);
      for (const name of ['createCheckout', 'stripeWebhook', 'deployProbe'])
        expect(again.output).toMatch(new RegExp(`${name}\\s+unchanged`));
    },
    CLI_TIMEOUT,
  );

  it(
    'a function that does not build fails the deploy before the site, naming it, and the earlier one keeps serving',
    async () => {
      writeFileSync(
        join(project.root, 'base44/functions/deployProbe/index.ts'),
        'Deno.serve((request => {\n',
      );
      const broken = await cli(['deploy', '-y']);
      expect(broken.status, shown(broken)).toBe(1);
      expect(broken.output).toContain('Function deployment failed; remaining deploy stages were not run');
      expect(broken.output).toContain('Function deployProbe does not build as the platform bundles it');
      expect((await callProbe()).body.probe).toBe('v1');
      writeProbe('v1');
    },
    CLI_TIMEOUT,
  );
});

describe('secrets and an admin’s sign-in through the CLI', () => {
  it(
    'secrets set reaches the functions’ environment (a function started before starts afresh with it)',
    async () => {
      expect((await callProbe()).body.siteOrigin).toBe('http://localhost:4401');
      const set = await cli(['secrets', 'set', 'SITE_ORIGIN=https://deployed.example']);
      expect(set.status, shown(set)).toBe(0);
      expect(set.output).toContain('Set: SITE_ORIGIN');
      expect((await callProbe()).body.siteOrigin).toBe('https://deployed.example');
    },
    CLI_TIMEOUT,
  );

  it(
    'an admin signed in to the CLI (its auth file) deploys a changed function, which then serves its new code',
    async () => {
      writeProbe('v2');
      const admin = { token: await h.tokenOf('admin'), email: ACCOUNTS.admin.email };
      const byAdmin = await cli(['functions', 'deploy', 'deployProbe'], admin);
      expect(byAdmin.status, shown(byAdmin)).toBe(0);
      expect(byAdmin.output).toMatch(/deployProbe\s+deployed/);
      expect((await callProbe()).body.probe).toBe('v2');
    },
    CLI_TIMEOUT,
  );
});

describe('the CLI’s project as uploaded', () => {
  it('keeps the files the CLI read, base44/shared arriving as ../../shared beside each function', async () => {
    const listed = await h.call('GET', '/api/apps/local-app/backend-functions', {
      headers: { api_key: 'b44k_local_harness' },
    });
    const probe = listed.body.functions.find((fn: { name: string }) => fn.name === 'deployProbe');
    expect(probe.entry).toBe('index.ts');
    expect(probe.deployment_id).toMatch(/^dep_[0-9a-f]{16}$/);
    expect(probe.automations).toEqual([]);
    const paths = probe.files.map((file: { path: string }) => file.path);
    expect(paths).toEqual(expect.arrayContaining(['index.ts', 'function.jsonc', '../../shared/http.ts']));
    const shared = probe.files.find((file: { path: string }) => file.path === '../../shared/http.ts');
    expect(shared.content).toBe(readFileSync(join(project.root, 'base44/shared/http.ts'), 'utf8'));
  });
});
