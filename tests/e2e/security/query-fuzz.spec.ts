/**
 * Fuzzed query strings on every route (docs/security.md, "HTTP faults and nothing lost"), with fast-check: launch
 * parameters and stray keys with hostile, random and oversized values, typed raw or encoded, with a real or an unknown
 * token among them. The site is framed by a recording editor page; across every case: no uncaught error, no dialog, no
 * request off this machine, no navigation anywhere but the site or the platform's login, and neither token in any
 * message, console line or URL. At least 200 cases per route when `CI` is set (fewer locally), one page per route.
 */

import fc from 'fast-check';
import { routePaths } from '../../support/page-paths.ts';
import { HARNESS, SITE, signIn } from '../support/harness.ts';
import { expect, type Frame, test } from '../support/test.ts';
import { PAGE_LOAD_MS } from './support/fault-scenarios.ts';
import { openRecordedSite, type RecordedSite } from './support/hosted-site.ts';

/** `QUERY_FUZZ_RUNS` overrides the count (e.g. to time a CI-sized run locally). */
const RUNS_PER_ROUTE = Number(process.env.QUERY_FUZZ_RUNS) || (process.env.CI ? 200 : 25);
const ROUTES = routePaths;

const HOSTILE_VALUES = [
  '../',
  '%2e%2e%2f',
  '..%2F..%2Fetc%2Fpasswd',
  '?',
  '#',
  '&',
  '=',
  '%',
  '%zz',
  '%00',
  '//evil.com',
  '/\\evil.com',
  'https:evil.com',
  'https://evil.com',
  'http://localhost:4400@evil.com',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  '{"$gt":""}',
  '__proto__',
  'constructor',
  'local-app',
  'cs_test_a1b2c3d4e5f6g7h8i9j0',
  'Ünïcödé 路径 🚀 \u202Eevil',
];

/** `access_token` is not among them: the case's `token` field places it (so the expected outcome is known). */
const KEYS = [
  'app_id',
  'server_url',
  'functions_version',
  'from_url',
  'session_id',
  'plan',
  'hide_badge',
  '__proto__',
  '',
];

interface Pair {
  key: string;
  value: string;
  raw: boolean;
}

const valueArb = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_VALUES) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }) },
  { weight: 1, arbitrary: fc.constantFrom('x'.repeat(1500), '%41'.repeat(400)) },
);
const pairArb: fc.Arbitrary<Pair> = fc.record({
  key: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...KEYS) }, fc.string({ maxLength: 8 })),
  value: valueArb,
  raw: fc.boolean(),
});
const caseArb = fc.record({
  pairs: fc.array(pairArb, { maxLength: 6 }),
  // An unknown token costs a trip to the login page: rarer, so that the run stays short.
  token: fc.oneof(
    { weight: 4, arbitrary: fc.constant('none' as const) },
    { weight: 3, arbitrary: fc.constant('real' as const) },
    { weight: 1, arbitrary: fc.constant('unknown' as const) },
  ),
  tokenAt: fc.nat(6),
  hash: fc.option(valueArb, { nil: undefined }),
});

type Case = typeof caseArb extends fc.Arbitrary<infer T> ? T : never;

/** The address of one case: `route?<pairs, token among them>#<hash>`, some parts raw, some encoded. */
function addressOf(
  route: string,
  sequence: number,
  fuzz: Case,
  tokens: Record<'real' | 'unknown', string>,
): string {
  const part = ({ key, value, raw }: Pair) =>
    raw ? `${key}=${value}` : `${encodeURIComponent(key)}=${encodeURIComponent(value)}`;
  // A fresh first parameter: every case is a real page load, never a same-document hash change.
  const parts = [`fz=${sequence}`, ...fuzz.pairs.map(part)];
  // The token goes in the query, before any raw `#` (after it, it would be part of the hash, not a launch parameter).
  const firstHash = parts.findIndex((text) => text.includes('#'));
  const last = firstHash === -1 ? parts.length : firstHash;
  if (fuzz.token !== 'none')
    parts.splice(Math.min(1 + fuzz.tokenAt, last), 0, `access_token=${tokens[fuzz.token]}`);
  const hash = fuzz.hash === undefined ? '' : `#${fuzz.hash}`;
  return new URL(`${route}?${parts.join('&')}${hash}`, SITE).href;
}

/**
 * Addresses longer than this are refused by HTTP servers before any page loads (Node answers 431 above 16 KB of
 * headers; CDNs are stricter), so the site never sees them.
 */
const MAX_ADDRESS_LENGTH = 12_000;

/** The app id the site will use for `address`: a well-formed `app_id` wins, anything else is ignored. */
function effectiveAppId(address: string): string {
  const appId = new URL(address).searchParams.get('app_id');
  return appId && /^[A-Za-z0-9_-]{1,64}$/.test(appId) ? appId : 'local-app';
}

/** The places a token must never show up in, as findings. */
async function tokenFindings(
  site: RecordedSite,
  secrets: string[],
  launches: Set<string>,
): Promise<string[]> {
  const found: string[] = [];
  const messages = JSON.stringify(await site.messages());
  const consoleText = site.recording.console.map((line) => line.text).join('\n');
  const errors = [...site.recording.pageErrors, ...site.recording.dialogs].join('\n');
  for (const secret of secrets) {
    if (messages.includes(secret)) found.push('a postMessage');
    if (consoleText.includes(secret)) found.push('a console line');
    if (errors.includes(secret)) found.push('an error or dialog');
    for (const request of site.recording.requests) {
      const url = request.url.split('#')[0] ?? '';
      if (!launches.has(url) && url.includes(secret)) found.push(`the URL ${url.slice(0, 100)}`);
      if (new URL(request.url).origin === HARNESS) continue;
      for (const [name, value] of Object.entries(request.headers)) {
        if (value.includes(secret)) found.push(`the ${name} header of ${request.url.slice(0, 100)}`);
      }
    }
  }
  return found;
}

test.use({ viewport: { width: 400, height: 320 } });

for (const route of ROUTES) {
  test(`fuzzed query strings on ${route}: no uncaught error, no way off this machine, no token anywhere`, async ({
    page,
    request,
  }) => {
    test.setTimeout(Math.max(60_000, RUNS_PER_ROUTE * 2500));
    const tokens = {
      real: await signIn(request, 'user'),
      unknown: `unknown-${Date.now().toString(36)}-fuzz-sentinel`,
    };
    // Pictures and fonts play no part in the launch parameters' handling; leaving them out keeps the run short.
    await page.route(/\.(svg|png|jpe?g|webp|avif|woff2?)(\?|$)/, (r) => r.abort());
    const site = await openRecordedSite(page, route, { fullHeaders: false });
    // A phone-sized frame: the layout a phone gets, and less to paint on every one of the many loads.
    await page.locator('#site').evaluate((iframe) => {
      iframe.setAttribute('width', '390');
      iframe.setAttribute('height', '300');
    });
    const frame: Frame | null = (await (await page.locator('#site').elementHandle())?.contentFrame()) ?? null;
    if (!frame) throw new Error('no site frame');
    await expect(site.frame.getByRole('heading', { level: 1 }).first()).toBeVisible({
      timeout: PAGE_LOAD_MS,
    });

    const launches = new Set<string>();
    // The token the site holds in storage between cases: an unknown one stays until a check of our app rejects it.
    let stored: 'none' | 'real' | 'unknown' = 'none';
    let sequence = 0;
    const started = Date.now();
    await fc.assert(
      fc.asyncProperty(caseArb, async (fuzz) => {
        const address = addressOf(route, sequence + 1, fuzz, tokens);
        fc.pre(address.length <= MAX_ADDRESS_LENGTH);
        sequence++;
        launches.add(address.split('#')[0] ?? address);
        // An unknown token (given now, or still stored) is rejected by `me` and the visitor goes to sign in; unless a
        // well-formed app_id names another app, whose settings fail first (no `me`, no redirect).
        const token = fuzz.token === 'none' ? stored : fuzz.token;
        const redirects = token === 'unknown' && effectiveAppId(address) === 'local-app';
        stored = redirects ? 'none' : token;

        // Hydrated, effects run: the startup check has asked for the public settings (for whatever app id).
        const hydrated = page.waitForRequest(
          (req) => req.frame() === frame && req.url().includes('/public-settings/by-id/'),
          { timeout: PAGE_LOAD_MS },
        );
        await Promise.all([hydrated, frame.goto(address, { waitUntil: 'commit' })]);
        if (redirects) {
          await frame.waitForURL((url) => url.href.startsWith(`${HARNESS}/login?from_url=`), {
            timeout: PAGE_LOAD_MS,
            waitUntil: 'commit',
          });
        } else {
          expect(new URL(frame.url()).origin).toBe(SITE);
        }
        expect(page.url()).toBe(`${HARNESS}/__e2e/host`);
        expect(site.recording.pageErrors).toEqual([]);
        expect(site.recording.dialogs).toEqual([]);
        expect(site.recording.blocked).toEqual([]);
      }),
      { numRuns: RUNS_PER_ROUTE, endOnFailure: false, interruptAfterTimeLimit: RUNS_PER_ROUTE * 2000 },
    );
    // Late arrivals of the last case, then the token check over everything recorded.
    await page.waitForTimeout(500);
    await site.recording.settled();
    expect(site.recording.pageErrors).toEqual([]);
    expect(site.recording.blocked).toEqual([]);
    expect(await site.appErrors()).toEqual([]);
    expect(await tokenFindings(site, [tokens.real, tokens.unknown], launches)).toEqual([]);
    console.log(`${route}: ${sequence} fuzzed cases in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    expect(sequence).toBeGreaterThanOrEqual(RUNS_PER_ROUTE);
  });
}
