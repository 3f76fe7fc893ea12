import { describe, expect, it } from 'vitest';
import { MAX_PATH_LENGTH, MAX_URL_LENGTH } from '../../../host-harness/src/site/site-server.ts';
import { servedBuildPerFile } from '../site/served-build.ts';
import { rawStatus, request } from './raw-http.ts';

let base: string;
let port: number;

servedBuildPerFile(
  {
    'index.html': '<!doctype html><h1>Index page</h1>',
    'Pricing.html': '<!doctype html><h1>Pricing page</h1>',
    '404.html': '<!doctype html><h1>Page Not Found</h1>',
    'remoteEntry.js': 'var remote = 1;',
  },
  (build) => {
    ({ base, port } = build);
  },
);

/** Wall time and this process's CPU time (server and client share it) of one request. */
async function measured(path: string) {
  const cpu = process.cpuUsage();
  const answer = await request(base, { path });
  const used = process.cpuUsage(cpu);
  return { ...answer, cpuMs: (used.user + used.system) / 1000 };
}

describe('the site server refuses a foreign Host', () => {
  it('answers its loopback names with its port (as the browser, the tests and the benchmark address it)', async () => {
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, `LOCALHOST:${port}`]) {
      const answer = await request(base, { path: '/Pricing', headers: { host } });
      expect(answer.status, host).toBe(200);
    }
  });

  it('refuses any other Host with 403 and a clear message, on pages and assets alike', async () => {
    for (const path of ['/', '/Pricing', '/remoteEntry.js', '/nope']) {
      for (const host of [
        'evil.example',
        `evil.example:${port}`,
        `localhost:${port + 1}`,
        `localhost.:${port}`,
        'localhost',
      ]) {
        const answer = await request(base, { path, headers: { host } });
        expect(answer.status, `${host} ${path}`).toBe(403);
        expect(answer.text).toMatch(/DNS rebinding/);
        expect(answer.text).not.toContain('Pricing page');
        expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
      }
    }
    const noHost = await rawStatus(base, 'GET /Pricing HTTP/1.0\r\nConnection: close\r\n\r\n');
    expect(noHost.status).toBe(403);
  });
});

describe('path handling is linear and bounded', () => {
  it('a 100,000-slash path is answered at once (< 50 ms), without reaching the page logic', async () => {
    await measured('/'); // warm the connection code
    const answer = await measured(`${'/'.repeat(100_000)}x`);
    console.log(
      `100,000 slashes: ${answer.status} in ${answer.ms.toFixed(1)} ms (CPU ${answer.cpuMs.toFixed(1)} ms)`,
    );
    expect([414, 431]).toContain(answer.status);
    expect(answer.ms).toBeLessThan(50);
  });

  it.each([2_000, 8_000, 14_000])('%i slashes then a name: answered in < 50 ms', async (slashes) => {
    const answer = await measured(`${'/'.repeat(slashes)}x`);
    console.log(
      `${slashes} slashes: ${answer.status} in ${answer.ms.toFixed(1)} ms (CPU ${answer.cpuMs.toFixed(1)} ms)`,
    );
    expect(answer.status).toBe(slashes > MAX_PATH_LENGTH ? 414 : 404);
    expect(answer.ms).toBeLessThan(50);
  });

  it('414 with a message past the path limit or the address limit; up to them, pages as usual', async () => {
    const longPath = await request(base, { path: `/${'a'.repeat(MAX_PATH_LENGTH)}` });
    expect(longPath.status).toBe(414);
    expect(longPath.text).toMatch(/too long/);
    expect((await request(base, { path: `/${'a'.repeat(MAX_PATH_LENGTH - 1)}` })).status).toBe(404);
    const launch = `/Pricing?access_token=${'t'.repeat(64)}&from_url=${'u'.repeat(12_000)}`;
    expect((await request(base, { path: launch })).status).toBe(200);
    const huge = await request(base, { path: `/Pricing?q=${'q'.repeat(MAX_URL_LENGTH)}` });
    expect(huge.status).toBe(414);
    expect((await request(base, { path: `/Pricing${'/'.repeat(30)}` })).status).toBe(200);
  });

  it('200 hostile long paths in parallel do not stall a normal request', async () => {
    // CPU time of this process (server and client) rather than wall time alone: the machine may be busy with others.
    const cpu = process.cpuUsage();
    const hostile = Array.from({ length: 200 }, (_, i) =>
      request(base, { path: `${'/'.repeat(14_000 + i)}x` }).catch(() => null),
    );
    const started = performance.now();
    const normal = await request(base, { path: '/Pricing' });
    const normalMs = performance.now() - started;
    const answers = await Promise.all(hostile);
    const used = process.cpuUsage(cpu);
    const cpuMs = (used.user + used.system) / 1000;
    const allMs = performance.now() - started;
    console.log(
      `normal request during 200 hostile ones: ${normalMs.toFixed(1)} ms; all answered in ${allMs.toFixed(0)} ms, ${cpuMs.toFixed(0)} ms of CPU`,
    );
    expect(normal.status).toBe(200);
    expect(normal.text).toContain('Pricing page');
    expect(answers.every((a) => a?.status === 414)).toBe(true);
    // With the quadratic expression: ~100 ms of CPU each, 20 s in all, and the normal request waited ~28 s.
    expect(cpuMs).toBeLessThan(2_000);
    expect(normalMs).toBeLessThan(5_000);
  });
});
