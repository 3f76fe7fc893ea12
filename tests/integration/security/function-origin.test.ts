/**
 * Who may make a backend function act (docs/security.md, "Servers of the harness and the backend functions"): it
 * answers tools and servers (no `Origin`: curl, the payment provider's webhook) and the pages of the harness, the site
 * and the editor; a request any other page caused, as a browser sends it (a foreign `Origin`, `Origin: null`, a
 * cross-site or same-site `Sec-Fetch-Site`), is refused with 403 `foreign_origin` before the function runs. The fixture
 * `echo` counts the calls its handler saw.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Running } from '../emulator/emulator-harness.ts';
import { fn, startWithFixtures } from '../functions/function-harness.ts';
import { request } from './raw-http.ts';

const SITE = 'http://localhost:4401';
const EDITOR = 'https://editor.example';

describe('backend functions and the pages of other origins', () => {
  let h: Running;
  let own: string;
  const callsSeen = async (): Promise<number> => (await h.call('POST', fn('echo'), { body: {} })).body.calls;
  const post = (headers: Record<string, string>) =>
    request(h.url, {
      method: 'POST',
      path: fn('echo'),
      headers: { 'content-type': 'text/plain;charset=UTF-8', ...headers },
      body: '{"packageName":"gold"}',
    });

  beforeAll(async () => {
    h = await startWithFixtures({ functionOrigins: [SITE, EDITOR] });
    own = `http://localhost:${new URL(h.url).port}`;
    await callsSeen();
  });
  afterAll(() => h?.close());

  const refused: [string, Record<string, string>][] = [
    [
      "a no-cors post from a page on another loopback address (the browser's own headers)",
      { origin: 'http://127.0.0.1:5555', 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors' },
    ],
    ['a page on another site', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }],
    [
      'a page on another port of this machine',
      { origin: 'http://localhost:4402', 'sec-fetch-site': 'same-site' },
    ],
    [
      'a sandboxed frame or a no-referrer page (Origin null)',
      { origin: 'null', 'sec-fetch-site': 'cross-site' },
    ],
    ["the site's address under another scheme", { origin: 'https://localhost:4401' }],
    ['a cross-site request without an Origin (a GET from an <img>)', { 'sec-fetch-site': 'cross-site' }],
    ['a same-site request without an Origin', { 'sec-fetch-site': 'same-site' }],
  ];
  for (const [who, headers] of refused) {
    it(`refuses ${who} before the function runs`, async () => {
      const before = await callsSeen();
      const answer = await post(headers);
      expect(answer.status).toBe(403);
      expect(answer.body.code).toBe('foreign_origin');
      expect(answer.body.message).toMatch(/^A backend function answers only tools and servers \(no Origin\)/);
      expect(answer.text).not.toMatch(/instance|calls/);
      expect(await callsSeen()).toBe(before + 1);
    });
  }

  const answered: [string, () => Record<string, string>][] = [
    [
      'a tool or a server (no Origin, no Fetch Metadata), like the payment provider delivering its webhook',
      () => ({}),
    ],
    ['a request the user typed (Sec-Fetch-Site: none)', () => ({ 'sec-fetch-site': 'none' })],
    ["the harness's own pages", () => ({ origin: own, 'sec-fetch-site': 'same-origin' })],
    ['the site', () => ({ origin: SITE, 'sec-fetch-site': 'same-site' })],
    [
      'the site under another loopback name',
      () => ({ origin: 'http://127.0.0.1:4401', 'sec-fetch-site': 'cross-site' }),
    ],
    ['the editor', () => ({ origin: EDITOR, 'sec-fetch-site': 'cross-site' })],
  ];
  for (const [who, headers] of answered) {
    it(`answers ${who}`, async () => {
      const before = await callsSeen();
      const answer = await post(headers());
      expect(answer.status).toBe(200);
      expect(answer.body.calls).toBe(before + 1);
    });
  }

  it('by default allows the same pages as realtime (the site under npm start)', async () => {
    const other = await startWithFixtures({ socketOrigins: ['http://localhost:4501'] });
    try {
      const path = fn('echo');
      const site = await request(other.url, {
        method: 'POST',
        path,
        headers: { origin: 'http://localhost:4501' },
      });
      const foreign = await request(other.url, { method: 'POST', path, headers: { origin: SITE } });
      expect([site.status, foreign.status]).toEqual([200, 403]);
    } finally {
      await other.close();
    }
  });
});
