/**
 * A copy of this repository's project in a temporary folder (what a build and the platform's CLI read: the site's
 * sources, the build configuration and scripts, `base44/`), with `node_modules` linked, so that a test can build, break
 * or re-configure it without touching the working copy's `dist/` (which the end-to-end tests serve).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const repoRoot = resolve(import.meta.dirname, '../../..');

const PROJECT_FILES = [
  'src',
  'public',
  'config',
  'scripts',
  'base44',
  'rspack.config.ts',
  'postcss.config.mjs',
  'tsconfig.json',
  'package.json',
];

export interface ProjectCopy {
  /** The copy's root (the project root the CLI finds). */
  root: string;
  /** The folder holding it (the copy's parent, so that `../dist` stays inside the temporary folder). */
  parent: string;
  remove(): void;
}

/** Copies the project (`files`: which of its top-level files and folders; all by default). */
export function copyProject(files: readonly string[] = PROJECT_FILES): ProjectCopy {
  const parent = mkdtempSync(join(tmpdir(), 'agency-deploy-'));
  const root = join(parent, 'project');
  for (const file of files) cpSync(join(repoRoot, file), join(root, file), { recursive: true });
  symlinkSync(join(repoRoot, 'node_modules'), join(root, 'node_modules'), 'dir');
  return { root, parent, remove: () => rmSync(parent, { recursive: true, force: true }) };
}

/** The settings a deploy needs in config/site-production.jsonc, as the agency would fill them in. */
export const FILLED_SETTINGS = {
  PLATFORM_SERVER_URL: 'https://platform.example.com',
  EDITOR_ORIGINS: 'https://editor.example.com',
  SITE_ORIGIN: 'https://www.example.co.uk',
  AGENCY_NAME: 'Example Agency',
  CONTACT_EMAIL: 'hello@example.co.uk',
  CONTACT_PHONE: '0113 496 0000',
  CONTACT_ADDRESS: 'Leeds, United Kingdom',
  SCHEDULING_URL: 'https://calendly.com/example-agency/30min',
};

/** Fills in the copy's config/site-production.jsonc (its comments kept), one `"NAME": ""` at a time. */
export function fillProductionSettings(
  root: string,
  settings: Record<string, string> = FILLED_SETTINGS,
): void {
  const file = join(root, 'config/site-production.jsonc');
  let text = readFileSync(file, 'utf8');
  for (const [name, value] of Object.entries(settings)) {
    const empty = `"${name}": ""`;
    if (!text.includes(empty)) throw new Error(`config/site-production.jsonc has no empty ${name}`);
    text = text.replace(empty, `"${name}": ${JSON.stringify(value)}`);
  }
  writeFileSync(file, text);
}

/**
 * A shell's environment with nothing of the site's settings in it: what a deploy's terminal may well look like. The
 * platform's CLI passes its own environment on to the build, with `VITE_BASE44_APP_ID` added.
 */
export function bareEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const { PATH, HOME, TMPDIR } = process.env;
  return { PATH, HOME, ...(TMPDIR ? { TMPDIR } : {}), CI: 'true', ...extra };
}

export interface Run {
  status: number | null;
  /** stdout and stderr together. */
  output: string;
}

/** `node scripts/deploy-check.mjs <args>` in the working copy, with `env`. */
export function deployCheck(args: string[], env: NodeJS.ProcessEnv = bareEnv()): Run {
  const result = spawnSync(process.execPath, [join(repoRoot, 'scripts/deploy-check.mjs'), ...args], {
    cwd: repoRoot,
    env,
    encoding: 'utf8',
    timeout: 180_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}
