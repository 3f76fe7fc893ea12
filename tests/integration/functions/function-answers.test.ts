/**
 * What a function answers reaches the caller as the function meant it (a redirect keeps its `Location`), and never runs
 * as a page of the harness's origin (`nosniff`, a sandboxing CSP), over real HTTP with the echo fixture under Deno.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Running } from '../emulator/emulator-harness.ts';
import { fn, startWithFixtures } from './function-harness.ts';

let h: Running;

beforeAll(async () => {
  h = await startWithFixtures();
});
afterAll(() => h.close());

const answerOf = (query: Record<string, string>, body = '') =>
  h.call('POST', fn('echo', `?${new URLSearchParams(query)}`), { raw: body });

describe("a function's answer", () => {
  it('keeps the Location of a redirect (and of a 201)', async () => {
    const target = 'https://checkout.example/pay/cs_1?step=2';
    const redirect = await answerOf({ status: '302', type: 'text/plain', location: target });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe(target);
    const created = await answerOf({ status: '201', type: 'application/json', location: '/things/1' });
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe('/things/1');
  });

  it('in text/html is served with nosniff and a CSP that keeps it from running as a page of the harness', async () => {
    const page = await answerOf({ type: 'text/html' }, '<script>fetch("/__harness/outbox")</script>');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp.split(/;\s*/)).toEqual(
      expect.arrayContaining(["default-src 'none'", 'sandbox', "frame-ancestors 'none'"]),
    );
  });

  it('of any other type carries the same headers (a browser could sniff it into a page)', async () => {
    for (const type of ['image/svg+xml', 'text/plain', 'application/json']) {
      const answer = await answerOf({ type });
      expect(answer.headers.get('x-content-type-options'), type).toBe('nosniff');
      expect(answer.headers.get('content-security-policy'), type).toContain('sandbox');
    }
  });
});
