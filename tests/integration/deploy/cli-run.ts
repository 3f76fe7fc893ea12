/**
 * The pinned platform CLI run against an emulator this test process holds: `runBase44Cli` (scripts/base44-cli.mjs,
 * its verified tarball held to it by the guard) in a child Node process, so that this process keeps answering the
 * CLI's requests while it waits (`runBase44Cli` waits for the CLI synchronously). The CLI gets a HOME of its own, the
 * emulator's address and the local workspace key (or, `signedInAs`, an admin's token in its auth file), telemetry
 * off, and no PATH: its update check (`npm view base44 version`, through a shell) then fails at once instead of asking
 * the registry for up to a second on every run. Nothing else of this environment.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from './project-copy.ts';

const CLI_MODULE = pathToFileURL(join(repoRoot, 'scripts/base44-cli.mjs')).href;

export interface CliRun {
  status: number | null;
  /** stdout then stderr (the CLI logs its steps to stderr when not in a terminal). */
  output: string;
  ms: number;
}

export interface CliTarget {
  /** The emulator's URL (`BASE44_API_URL`). */
  apiUrl: string;
  /** The project the CLI reads (its root holds `base44/`). */
  cwd: string;
  /** An admin's access token, written to the CLI's auth file, in place of the workspace key. */
  signedInAs?: { token: string; email: string };
}

/** Runs `base44 <args>`; resolves once it exits. */
export async function runCli(args: readonly string[], target: CliTarget): Promise<CliRun> {
  const home = mkdtempSync(join(tmpdir(), 'base44-cli-home-'));
  const env: Record<string, string> = {
    PATH: '/nonexistent',
    HOME: home,
    BASE44_API_URL: target.apiUrl,
    BASE44_APP_ID: 'local-app',
    BASE44_DISABLE_TELEMETRY: '1',
  };
  if (target.signedInAs) {
    mkdirSync(join(home, '.base44/auth'), { recursive: true });
    writeFileSync(
      join(home, '.base44/auth/auth.json'),
      JSON.stringify({
        accessToken: target.signedInAs.token,
        refreshToken: 'not-used-by-the-harness',
        expiresAt: Date.now() + 3_600_000,
        email: target.signedInAs.email,
        name: target.signedInAs.email,
      }),
    );
  } else {
    env.BASE44_API_KEY = 'b44k_local_harness';
  }
  const code = `import(${JSON.stringify(CLI_MODULE)}).then((cli) => {
    const run = cli.runBase44Cli(${JSON.stringify(args)}, { cwd: ${JSON.stringify(target.cwd)}, env: ${JSON.stringify(env)} });
    process.stdout.write(JSON.stringify(run));
  });`;
  const started = Date.now();
  try {
    const raw = await new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
        env: { PATH: process.env.PATH ?? '' },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let out = '';
      child.stdout.on('data', (chunk) => {
        out += chunk;
      });
      child.on('error', reject);
      child.on('exit', () => resolve(out));
    });
    const run = JSON.parse(raw) as { status: number | null; stdout: string; stderr: string };
    return { status: run.status, output: `${run.stdout}${run.stderr}`, ms: Date.now() - started };
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}
