/**
 * The launch token in every spelling (docs/security.md, "Token and bridge", issue 15 finding 1): a percent-encoded
 * name, mixed hex case, repeated copies, the `#hash`. Whatever the site reads as the token (seen as the bearer it
 * sends) is gone from the address bar, from every `X-Origin-URL`, from the harness's request log, from the login
 * redirect's `from_url` and from the bridge messages the editor shell receives; every other parameter stays
 * byte-for-byte, in order. Names that do not decode to `access_token` are neither read nor removed.
 */
import type { Page, Request } from '@playwright/test';
import { openShell, shellContext } from '../shell/shell-helpers.ts';
import { HARNESS, SITE, signIn } from '../support/harness.ts';
import { expect, test } from '../support/test.ts';
import { PAGE_LOAD_MS } from './support/fault-scenarios.ts';

// The editor shell is laid out for this viewport; the site pages do not mind it.
test.use(shellContext);

interface Spelling {
  label: string;
  /** The launch path with the three token values (the first one is the one read). */
  launch(t1: string, t2: string, t3: string): string;
  /** The address once the token is out of it. */
  clean: string;
}

const SPELLINGS: Spelling[] = [
  {
    label: 'plain',
    launch: (t) => `/Pricing?access_token=${t}&x=1`,
    clean: '/Pricing?x=1',
  },
  {
    label: 'an encoded underscore (access%5Ftoken)',
    launch: (t) => `/Pricing?plan=gold&access%5Ftoken=${t}&x=%2B+y#faq`,
    clean: '/Pricing?plan=gold&x=%2B+y#faq',
  },
  {
    label: 'an encoded first letter and lower-case hex (%61ccess%5ftoken)',
    launch: (t) => `/Process?%61ccess%5ftoken=${t}`,
    clean: '/Process',
  },
  {
    label: 'every letter encoded, hex case mixed',
    launch: (t) => `/Results?a=1&%61%63%63%65%73%73%5F%74%6f%6B%65%6E=${t}&b=2`,
    clean: '/Results?a=1&b=2',
  },
  {
    label: 'three copies in three spellings (the first is read)',
    launch: (t1, t2, t3) => `/Pricing?access_token=${t1}&keep=1&access%5Ftoken=${t2}&%61ccess_token=${t3}&z=`,
    clean: '/Pricing?keep=1&z=',
  },
  {
    label: 'the hash, as a query',
    launch: (t) => `/Solutions?x=1#access_token=${t}`,
    clean: '/Solutions?x=1',
  },
  {
    label: 'the hash, after a fragment, name encoded',
    launch: (t) => `/Challenges#faq&access%5Ftoken=${t}`,
    clean: '/Challenges#faq',
  },
  {
    label: 'the query and the hash (the query is read)',
    launch: (t1, t2) => `/?access_token=${t1}#access_token=${t2}`,
    clean: '/',
  },
];

const sentinel = (tag: string) =>
  `sentinel${tag}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;

interface SentRequest {
  url: string;
  authorization?: string;
  originUrl?: string;
}

/** Every request to the harness (the platform), with the two headers that matter here. */
function watchPlatformRequests(page: Page): () => Promise<SentRequest[]> {
  const pending: Array<Promise<SentRequest>> = [];
  page.on('request', (request: Request) => {
    if (!request.url().startsWith(`${HARNESS}/api/`)) return;
    pending.push(
      request.allHeaders().then((headers) => ({
        url: request.url(),
        authorization: headers.authorization,
        originUrl: headers['x-origin-url'],
      })),
    );
  });
  return () => Promise.all(pending);
}

/** The harness's request log (path, query, header names), as text. */
async function harnessLog(page: Page): Promise<string> {
  const response = await page.request.get(`${HARNESS}/__harness/requests?limit=500`);
  expect(response.ok()).toBe(true);
  return JSON.stringify(await response.json());
}

function expectNone(text: string, tokens: string[], where: string): void {
  for (const token of tokens) expect(text.includes(token), `${where} carries ${token}`).toBe(false);
}

for (const spelling of SPELLINGS) {
  test.describe(`launch token, ${spelling.label}`, () => {
    test('top level, a real token: read, then gone from the address bar, X-Origin-URL and the request log', async ({
      page,
    }) => {
      const token = await signIn(page.request, 'user');
      const decoys = [sentinel('b'), sentinel('c')];
      const sent = watchPlatformRequests(page);
      await page.goto(`${SITE}${spelling.launch(token, decoys[0] ?? '', decoys[1] ?? '')}`);
      await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible({ timeout: PAGE_LOAD_MS });

      expect(page.url()).toBe(`${SITE}${spelling.clean}`);
      const requests = await sent();
      // Read: the calls carry it as the bearer, and only there.
      expect(requests.filter((r) => r.authorization === `Bearer ${token}`).length).toBeGreaterThan(1);
      expect(requests.filter((r) => r.authorization && r.authorization !== `Bearer ${token}`)).toEqual([]);
      expect(new Set(requests.map((r) => r.originUrl))).toEqual(new Set([`${SITE}${spelling.clean}`]));
      for (const r of requests) expectNone(r.url, [token, ...decoys], 'a request URL');
      expectNone(await harnessLog(page), [token, ...decoys], 'the harness request log');
    });

    test('in the editor shell, an unknown token: the bridge message, X-Origin-URL, from_url and the log are clean', async ({
      page,
    }) => {
      const tokens = [sentinel('a'), sentinel('b'), sentinel('c')];
      const [first = '', second = '', third = ''] = tokens;
      await page.addInitScript((shell) => {
        if (location.origin !== shell || window !== window.top) return;
        const seen: unknown[] = [];
        (window as unknown as { __seen: unknown[] }).__seen = seen;
        addEventListener('message', (event) => seen.push(event.data));
      }, HARNESS);
      await openShell(page);
      const siteFrame = () => page.frames().find((frame) => frame.url().startsWith(`${SITE}/`));
      await expect.poll(() => Boolean(siteFrame())).toBe(true);
      const sent = watchPlatformRequests(page);

      await siteFrame()?.goto(`${SITE}${spelling.launch(first, second, third)}`, { waitUntil: 'commit' });
      // `me` rejects the token: the site clears it and the frame goes to the platform's login.
      const loginFrame = () => page.frames().find((frame) => frame.url().startsWith(`${HARNESS}/login`));
      await expect.poll(() => Boolean(loginFrame()), { timeout: PAGE_LOAD_MS }).toBe(true);
      const loginUrl = loginFrame()?.url() ?? '';
      expect(new URL(loginUrl).searchParams.get('from_url')).toBe(`${SITE}${spelling.clean}`);
      expectNone(loginUrl, tokens, 'the login address');

      const messages = await page.evaluate(() => (window as unknown as { __seen: unknown[] }).__seen);
      expect(messages).toContainEqual({ type: 'app_changed_url', url: `${SITE}${spelling.clean}` });
      expectNone(JSON.stringify(messages), tokens, 'a bridge message');
      expectNone(
        (await page.getByTestId('bridge-log').textContent()) ?? '',
        tokens,
        "the shell's bridge log",
      );

      const requests = await sent();
      expect(requests.some((r) => r.authorization === `Bearer ${first}`)).toBe(true);
      for (const r of requests) {
        expectNone(`${r.url} ${r.originUrl ?? ''}`, tokens, 'a request URL or X-Origin-URL');
        if (r.authorization) expect(r.authorization).toBe(`Bearer ${first}`);
      }
      expectNone(await harnessLog(page), tokens, 'the harness request log');
    });
  });
}

test('names that do not decode to access_token are neither read nor removed', async ({ page }) => {
  const value = sentinel('n');
  const launch = `/Pricing?access_token%20=${value}&ACCESS_TOKEN=${value}&access+token=${value}&access_tokens=${value}`;
  const sent = watchPlatformRequests(page);
  await page.goto(`${SITE}${launch}`);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  expect(page.url()).toBe(`${SITE}${launch}`);
  // The heading is prerendered: the platform calls come once the page has hydrated.
  await expect.poll(async () => (await sent()).length).toBeGreaterThan(0);
  const requests = await sent();
  expect(requests.filter((r) => r.authorization)).toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem('base44_access_token'))).toBeNull();
});
