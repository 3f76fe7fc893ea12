import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { servedBuildPerFile } from './served-build.ts';

let dist: string;
let base: string;

servedBuildPerFile(
  {
    'index.html': '<!doctype html><h1>Index page</h1>',
    'Pricing.html': '<!doctype html><h1>Pricing page</h1>',
    '404.html': '<!doctype html><h1>Page Not Found</h1>',
    'remoteEntry.js': 'var remote = 1;',
    'assets/main.0123abcd.js': `console.log(${JSON.stringify('x'.repeat(4000))});`,
  },
  (build) => {
    ({ dist, base } = build);
  },
);

describe('site server', () => {
  it('serves a page from its prerendered file, matching the name case-insensitively', async () => {
    for (const path of ['/Pricing', '/pricing', '/PRICING/']) {
      const response = await fetch(`${base}${path}`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('Pricing page');
    }
    expect(await (await fetch(`${base}/`)).text()).toContain('Index page');
    expect(await (await fetch(`${base}/Index`)).text()).toContain('Index page');
  });

  it('answers unknown paths with the 404 page and status 404', async () => {
    for (const path of ['/nope', '/Pricing/extra', '/Pricing.html', '/..%2f..%2fetc%2fpasswd', '/%00']) {
      const response = await fetch(`${base}${path}`);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain('Page Not Found');
    }
  });

  it('sends the security headers on every response', async () => {
    for (const path of ['/', '/nope', '/remoteEntry.js']) {
      const response = await fetch(`${base}${path}`);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'self' http://localhost:4400");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    }
  });

  it('allows the editor origin, and only it, to fetch the federated files', async () => {
    const allowed = await fetch(`${base}/remoteEntry.js`, { headers: { Origin: 'http://localhost:4400' } });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://localhost:4400');
    const other = await fetch(`${base}/remoteEntry.js`, { headers: { Origin: 'https://evil.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('caches hashed assets for a year and pages not at all; compresses text', async () => {
    const asset = await fetch(`${base}/assets/main.0123abcd.js`, { headers: { 'Accept-Encoding': 'br' } });
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect((await fetch(`${base}/Pricing`)).headers.get('cache-control')).toBe('no-cache');
    const raw = await new Promise<Buffer>((resolve, reject) => {
      import('node:http').then(({ get }) =>
        get(`${base}/assets/main.0123abcd.js`, { headers: { 'Accept-Encoding': 'br' } }, (res) => {
          expect(res.headers['content-encoding']).toBe('br');
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve(Buffer.concat(chunks)));
        }).on('error', reject),
      );
    });
    expect(brotliDecompressSync(raw).toString()).toContain('console.log');
    expect(raw.length).toBeLessThan(1000);
  });

  it('refuses other methods', async () => {
    const response = await fetch(`${base}/`, { method: 'POST', body: 'x' });
    expect(response.status).toBe(405);
  });

  it('keeps answering when dist/ disappears under it', async () => {
    rmSync(join(dist, 'Pricing.html'));
    rmSync(join(dist, 'index.html'));
    const response = await fetch(`${base}/Pricing`);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('2');
    writeFileSync(join(dist, 'index.html'), '<!doctype html><h1>Index page</h1>');
    writeFileSync(join(dist, 'Pricing.html'), '<!doctype html><h1>Pricing page</h1>');
    expect((await fetch(`${base}/Pricing`)).status).toBe(200);
  });
});
