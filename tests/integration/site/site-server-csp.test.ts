/**
 * The site server's Content-Security-Policy for prerendered pages (docs/security.md, "Headers (served by the harness,
 * and documented for production hosting)"): a page's inline boot script and first-screen CSS are allowed by the hashes
 * the build listed for that page in `csp-hashes.json`, and by nothing else; never `unsafe-inline`, whatever the list
 * says.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CSP_HASHES_FILE } from '../../../host-harness/src/site/site-server.ts';
import { cspDirective } from '../../support/csp-directive.ts';
import { servedBuildPerFile } from './served-build.ts';

const SCRIPT = "'sha256-RSNrSNvINRRIPBGWuJHT+8llzeciyqBo/dl6uZHUXX4='";
const INDEX_STYLE = "'sha256-D02ouCOSCitRr/HiJb6Ns9wKPJVGTGhx/NMDhlXE+vI='";
const PRICING_STYLE = "'sha256-h3GweNKPWJvj/Qr8MYPcFe39Z8MUwDc2qllMk7xQ1Cg='";

let dist: string;
let base: string;

async function policyOf(path: string): Promise<string> {
  const response = await fetch(`${base}${path}`);
  await response.arrayBuffer();
  return response.headers.get('content-security-policy') ?? '';
}

servedBuildPerFile(
  {
    'index.html': '<!doctype html><h1>index</h1>',
    'Pricing.html': '<!doctype html><h1>Pricing</h1>',
    'Process.html': '<!doctype html><h1>Process</h1>',
    '404.html': '<!doctype html><h1>404</h1>',
    'remoteEntry.js': 'var remote = 1;',
    [CSP_HASHES_FILE]: JSON.stringify({
      'index.html': { 'script-src': [SCRIPT], 'style-src': [INDEX_STYLE] },
      'Pricing.html': {
        'script-src': [SCRIPT, "'unsafe-inline'", '*'],
        'style-src': [PRICING_STYLE, 'https:'],
      },
      '404.html': 'not an entry',
    }),
  },
  (build) => {
    ({ dist, base } = build);
  },
);

describe('site server: the policy of a prerendered page', () => {
  it("allows the page's own inline script and style by hash, and only those", async () => {
    const policy = await policyOf('/');
    expect(cspDirective(policy, 'script-src')).toEqual(["'self'", SCRIPT]);
    expect(cspDirective(policy, 'style-src')).toEqual(["'self'", INDEX_STYLE]);
    const pricing = await policyOf('/pricing');
    expect(cspDirective(pricing, 'style-src')).toEqual(["'self'", PRICING_STYLE]);
  });

  it('takes nothing but sha256 hashes from the list: no unsafe-inline, no wildcard, no scheme', async () => {
    const policy = await policyOf('/Pricing');
    expect(cspDirective(policy, 'script-src')).toEqual(["'self'", SCRIPT]);
    expect(policy).not.toMatch(/unsafe-inline|\s\*|https:/);
  });

  it('allows no inline element on a page the list does not describe, on a malformed entry, or on other files', async () => {
    for (const path of ['/Process', '/no-such-page', '/remoteEntry.js']) {
      const policy = await policyOf(path);
      expect(cspDirective(policy, 'script-src'), path).toEqual(["'self'"]);
      expect(cspDirective(policy, 'style-src'), path).toEqual(["'self'"]);
    }
  });

  it('serves pages with the strict policy when the list is unreadable, and keeps answering', async () => {
    writeFileSync(join(dist, CSP_HASHES_FILE), '{ not json');
    const response = await fetch(`${base}/`);
    expect(response.status).toBe(200);
    expect(cspDirective(response.headers.get('content-security-policy') ?? '', 'script-src')).toEqual([
      "'self'",
    ]);
  });
});
