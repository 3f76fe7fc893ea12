/**
 * The servers of `npm start --no-build` with an in-memory emulator, started the way Playwright's webServer starts them,
 * except that a running server is never reused: the smoke must meet the build it was given, in a known state.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { connect } from 'node:net';
import { HARNESS, limits, PORTS, ROOT, SITE } from './constants.ts';
import { sleep } from './wait.ts';

export interface Servers {
  stop(): Promise<void>;
}

function listening(port: number, host: string): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect({ port, host });
    const finish = (answer: boolean) => {
      socket.destroy();
      done(answer);
    };
    socket.setTimeout(1000, () => finish(false));
    socket.once('connect', () => finish(true));
    socket.once('error', () => finish(false));
  });
}

async function busyPorts(): Promise<number[]> {
  const busy: number[] = [];
  for (const port of PORTS) {
    if ((await listening(port, '127.0.0.1')) || (await listening(port, '::1'))) busy.push(port);
  }
  return busy;
}

export async function startServers(): Promise<Servers> {
  const busy = await busyPorts();
  if (busy.length)
    throw new Error(
      `port ${busy.join(' and ')} already in use: another server is running (a forgotten \`npm start\`, or an ` +
        'end-to-end run outside /tmp/team/e2e.lock). Stop it first; the Firefox smoke never reuses a server.',
    );

  // Its own process group, so that stopping it reaches the harness and the site server under `start.mjs` and `tsx`.
  const child = spawn(process.execPath, ['scripts/start.mjs', '--no-build'], {
    cwd: ROOT,
    env: { ...process.env, HARNESS_DATA: 'memory', HARNESS_QUIET: '1' },
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000);
    for (const line of chunk.split('\n')) if (line.trim()) process.stderr.write(`[servers] ${line}\n`);
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const killGroup = (signal: NodeJS.Signals) => {
    if (child.pid === undefined) return;
    try {
      process.kill(-child.pid, signal);
    } catch {
      // The group is already gone.
    }
  };
  // A crash or an early exit of this process must not leave servers on the shared ports.
  const onExit = () => killGroup('SIGKILL');
  process.once('exit', onExit);

  const servers: Servers = {
    async stop() {
      killGroup('SIGTERM');
      await Promise.race([exited, sleep(5000)]);
      const deadline = Date.now() + 5000;
      while ((await busyPorts()).length && Date.now() < deadline) await sleep(100);
      killGroup('SIGKILL');
      process.off('exit', onExit);
    },
  };

  try {
    await waitUntilReady(child, () => stderr);
  } catch (error) {
    await servers.stop();
    throw error;
  }
  return servers;
}

async function waitUntilReady(child: ChildProcess, stderr: () => string): Promise<void> {
  const deadline = Date.now() + limits.serverStartMs;
  for (const url of [`${HARNESS}/__harness/health`, `${SITE}/`]) {
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(
          `the servers exited (${child.exitCode ?? child.signalCode}) before ${url} answered:\n${stderr()}`,
        );
      const ok = await fetch(url, { signal: AbortSignal.timeout(2000) })
        .then((response) => response.ok)
        .catch(() => false);
      if (ok) break;
      if (Date.now() > deadline)
        throw new Error(`${url} did not answer within ${limits.serverStartMs} ms:\n${stderr()}`);
      await sleep(200);
    }
  }
}
