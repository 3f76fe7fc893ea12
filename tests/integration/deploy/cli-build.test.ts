/**
 * The site built as the platform's CLI builds it for a deploy (`deploy --build`, `site deploy --build`, `base44 build`):
 * the CLI's own code (base44@0.1.18, `runSiteBuild`) runs `site.buildCommand` from base44/config.jsonc in the project
 * root, with `VITE_BASE44_APP_ID` added to an environment that holds none of the site's settings. The result is either
 * the production site (the given app id, the committed settings, no loopback address) or a stop naming what is missing.
 * Each case builds a copy of the project, so the working copy's dist/ is never touched. The copy has no host-harness/:
 * the production build makes the site and the remote only (the editor shell is the harness's).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  bareEnv,
  copyProject,
  deployCheck,
  FILLED_SETTINGS,
  fillProductionSettings,
  type ProjectCopy,
} from './project-copy.ts';

const APP_ID = 'prodapp42';
/** Loopback hosts as a built file could carry them (the local harness's are localhost:4400 and :4401). */
const LOOPBACK = /localhost|127\.0\.0\.1|\[::1\]/i;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

let copy: ProjectCopy | undefined;
afterEach(() => {
  copy?.remove();
  copy = undefined;
});

// Each case runs a production build of a copy of the project: seconds alone, far longer beside the end-to-end tests.
describe('the build the platform CLI runs', { timeout: 120_000 }, () => {
  it('stops before writing anything, naming every setting the committed file leaves empty', () => {
    copy = copyProject();
    // A site already in dist/: a stopped build must leave it as it was, not half-replaced.
    mkdirSync(join(copy.root, 'dist'));
    writeFileSync(join(copy.root, 'dist/index.html'), 'earlier build');
    const run = deployCheck(['--root', copy.root, '--build', APP_ID]);
    expect(run.status).toBe(1);
    expect(run.output).toContain("the CLI's build failed");
    expect(run.output).toContain('The production build stops');
    for (const name of Object.keys(FILLED_SETTINGS)) expect(run.output).toContain(`${name} is missing`);
    // Stripe's checkout host is the one setting the repository can know.
    expect(run.output).not.toContain('CHECKOUT_HOSTS is missing');
    expect(readFileSync(join(copy.root, 'dist/index.html'), 'utf8')).toBe('earlier build');
  });

  it('builds the production site with the given app id and the committed settings, and no loopback address', () => {
    copy = copyProject();
    fillProductionSettings(copy.root);
    const run = deployCheck(['--root', copy.root, '--build', APP_ID]);
    expect(run.output).toContain(`a production build (index.html, no loopback address; app ${APP_ID})`);
    expect(run.status).toBe(0);

    const dist = join(copy.root, 'dist');
    const files = filesUnder(dist);
    expect(files.map((file) => relative(dist, file))).toEqual(
      expect.arrayContaining(['index.html', 'remoteEntry.js']),
    );
    for (const file of files) {
      expect(LOOPBACK.exec(readFileSync(file).toString('latin1'))?.[0], relative(dist, file)).toBeUndefined();
    }
    const scripts = files
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    expect(scripts).toContain(`"${APP_ID}"`);
    expect(scripts).toContain(FILLED_SETTINGS.PLATFORM_SERVER_URL);
    expect(scripts).not.toContain('local-app');
    const home = readFileSync(join(dist, 'index.html'), 'utf8');
    expect(home).toContain(`<link rel="canonical" href="${FILLED_SETTINGS.SITE_ORIGIN}/"`);
    expect(home).toContain(FILLED_SETTINGS.AGENCY_NAME);
  });

  it('ignores the site settings of the environment it inherits, and removes a build that holds a loopback address', () => {
    copy = copyProject();
    fillProductionSettings(copy.root);
    // A file of the site that names the local harness: the build must not ship it.
    writeFileSync(join(copy.root, 'public/harness-note.txt'), 'served by http://127.0.0.1:4401/');
    const run = deployCheck(
      ['--root', copy.root, '--build', APP_ID],
      // A terminal left set up for the local harness: none of it may reach the production build.
      bareEnv({
        APP_ID: 'local-app',
        PLATFORM_SERVER_URL: 'http://localhost:4400',
        EDITOR_ORIGINS: 'http://localhost:4400',
        SITE_ORIGIN: 'http://localhost:4401',
        SITE_ENV: 'development',
      }),
    );
    expect(run.status).toBe(1);
    expect(run.output).toContain(
      'ignored from the environment: APP_ID, PLATFORM_SERVER_URL, EDITOR_ORIGINS, SITE_ORIGIN, SITE_ENV',
    );
    expect(run.output).toContain('the production build holds loopback addresses, so dist/ was removed');
    expect(run.output).toContain('harness-note.txt');
    // Only that file: the settings from the environment did not reach the pages or the scripts.
    expect(run.output).not.toMatch(/- (index\.html|assets\/main)/);
    expect(existsSync(join(copy.root, 'dist'))).toBe(false);
  });

  it('the local build refuses to run for the CLI (VITE_BASE44_APP_ID set), whatever its build command', () => {
    copy = copyProject();
    const run = spawnSync('npm', ['run', 'build'], {
      cwd: copy.root,
      env: bareEnv({ VITE_BASE44_APP_ID: APP_ID }),
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('VITE_BASE44_APP_ID is set');
    expect(run.stderr).toContain('`npm run build:production`');
    expect(existsSync(join(copy.root, 'dist'))).toBe(false);
  });
});
