import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The emulator and the payment provider's stand-in as their own processes (their CLIs), killed with SIGKILL: every
// acknowledged write must be there after restart, in the platform's database and in the stand-in's.
const repo = path.resolve(import.meta.dirname, '../../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'emulator-persist-'));
const children: ChildProcess[] = [];

function spawnCli(
  script: string,
  env: Record<string, string>,
): Promise<{ child: ChildProcess; url: string }> {
  // `node --import tsx` keeps the server in this one process, so SIGKILL reaches it (the tsx wrapper would not).
  const child = spawn(process.execPath, ['--import', 'tsx', script, '--quiet'], {
    cwd: repo,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`${script} did not start: ${out}`)), 60_000);
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1]! });
      }
    });
    child.stderr!.on('data', (chunk) => {
      out += chunk;
    });
    child.once('exit', (code) => reject(new Error(`${script} exited (${code}): ${out}`)));
  });
}

/** The stand-in, then the emulator that forwards to it and whose functions call it. */
async function startCli(): Promise<{ child: ChildProcess; provider: ChildProcess; url: string }> {
  const provider = await spawnCli('host-harness/payments/cli.ts', {
    PROVIDER_PORT: '0',
    HARNESS_DATA: dataDir,
  });
  const emulator = await spawnCli('host-harness/src/emulator/cli.ts', {
    HARNESS_PORT: '0',
    HARNESS_DATA_DIR: dataDir,
    PAYMENT_PROVIDER_URL: provider.url,
  });
  return { child: emulator.child, provider: provider.child, url: emulator.url };
}

function kill9(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

afterAll(() => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

const api = (url: string, token: string | null) => async (method: string, p: string, body?: unknown) => {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${url}${p}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
};

// Two cold starts of the harness (its emulator, the provider's stand-in, the functions in workerd): seconds alone, far
// longer beside the end-to-end tests.
describe('persistence across SIGKILL', { timeout: 120_000 }, () => {
  it('finds every acknowledged write after kill -9 and restart', async () => {
    const first = await startCli();
    const login = await api(first.url, null)('POST', '/api/apps/local-app/auth/login', {
      email: 'user@example.com',
      password: 'user1234',
    });
    const token = login.body.access_token as string;
    const call = api(first.url, token);

    const expected = new Map<string, Record<string, unknown>>();
    for (let i = 0; i < 20; i++) {
      const created = await call('POST', '/api/apps/local-app/entities/Note', { i, counter: 0 });
      expect(created.status).toBe(200);
      expected.set(created.body.id, created.body);
    }
    const ids = [...expected.keys()];
    const updated = await call('PUT', `/api/apps/local-app/entities/Note/${ids[0]}`, {
      $inc: { counter: 5 },
      title: 'kept',
    });
    expected.set(ids[0]!, updated.body);
    await call('DELETE', `/api/apps/local-app/entities/Note/${ids[1]}`);
    expected.delete(ids[1]!);
    const checkout = await call('POST', '/api/apps/local-app/functions/createCheckout', {
      packageName: 'gold',
    });
    expect(checkout.status).toBe(200);

    // A burst in flight when the process dies: whatever was acknowledged must survive.
    const inFlight = Array.from({ length: 60 }, (_, i) =>
      call('POST', '/api/apps/local-app/entities/Note', { burst: i }).then(
        (answer) => {
          if (answer.status === 200) expected.set(answer.body.id, answer.body);
        },
        () => undefined,
      ),
    );
    await new Promise((r) => setTimeout(r, 15));
    await Promise.all([kill9(first.child), kill9(first.provider)]);
    await Promise.all(inFlight);

    const second = await startCli();
    const again = api(second.url, token);
    const me = await again('GET', '/api/apps/local-app/entities/User/me');
    expect(me.status).toBe(200);
    const rows = await again('GET', '/api/apps/local-app/entities/Note?sort=created_date');
    const byId = new Map((rows.body as { id: string }[]).map((row) => [row.id, row]));
    for (const [id, record] of expected) expect(byId.get(id)).toEqual(record);
    expect(byId.has(ids[1]!)).toBe(false);
    expect(byId.get(ids[0]!)).toMatchObject({ counter: 5, title: 'kept' });
    const sessions = await (await fetch(`${second.url}/__harness/checkout-sessions`)).json();
    expect(sessions).toEqual([
      expect.objectContaining({ id: checkout.body.url.split('/').pop(), status: 'open' }),
    ]);
    await Promise.all([kill9(second.child), kill9(second.provider)]);
  });
});
