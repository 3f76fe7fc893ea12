/**
 * Who a local server answers, judged on a request's headers alone (`serving/request-origin.ts`): its `Host` must be
 * its own loopback name and port (DNS rebinding), and its control routes answer only tools (no `Origin`, no
 * cross-site `Sec-Fetch-Site`) and the server's own pages, saying what was refused.
 */
import { describe, expect, it } from 'vitest';
import { controlRefusal, hostRefusal } from '../../../../host-harness/src/serving/request-origin.ts';
import { OWN_HOST, PORT } from '../emulator/test-app.ts';

const host = { host: OWN_HOST };
const OWN = 'http://localhost:4400, http://127.0.0.1:4400, http://[::1]:4400';
const CONTROL_WHO = `The control API answers only tools (no Origin) and the harness's own pages (${OWN})`;

describe('hostRefusal', () => {
  it('accepts a loopback name with the port the request arrived on', () => {
    expect(hostRefusal({ host: '127.0.0.1:4400' }, PORT)).toBeNull();
  });

  it('refuses another name, another port, no Host and an unknown port, saying which Host', () => {
    expect(hostRefusal({ host: 'rebound.example:4400' }, PORT)).toBe(
      'This local server answers only requests addressed to localhost:4400, 127.0.0.1:4400, [::1]:4400; Host "rebound.example:4400" was refused (protection against DNS rebinding)',
    );
    expect(hostRefusal({ host: 'localhost:4401' }, PORT)).toMatch(/; Host "localhost:4401" was refused/);
    expect(hostRefusal({}, PORT)).toMatch(/; no Host header was refused/);
    expect(hostRefusal(host, undefined)).toMatch(/localhost:<port>, .*; Host "localhost:4400" was refused/);
  });
});

describe('controlRefusal', () => {
  it('allows tools and the harness’s own pages', () => {
    for (const headers of [
      {},
      { 'sec-fetch-site': 'none' },
      { 'sec-fetch-site': 'same-origin' },
      { origin: 'http://localhost:4400', 'sec-fetch-site': 'same-origin' },
      { origin: 'http://127.0.0.1:4400' },
      { origin: 'http://[::1]:4400' },
    ]) {
      expect(controlRefusal(headers, PORT), JSON.stringify(headers)).toBeNull();
    }
  });

  it('refuses any other Origin, Origin null, and cross-site or same-site Fetch Metadata', () => {
    for (const headers of [
      { origin: 'null' },
      { origin: 'https://evil.example' },
      { origin: 'http://localhost:4401' },
      { origin: 'https://localhost:4400' },
      { origin: 'http://localhost:4400/' },
      { origin: 'HTTP://LOCALHOST:4400' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'SAME-ORIGIN' },
      { origin: 'http://localhost:4400', 'sec-fetch-site': 'cross-site' },
    ]) {
      expect(controlRefusal(headers, PORT), JSON.stringify(headers)).toMatch(
        /control API answers only tools/,
      );
    }
  });

  it('says who it answers and what it refused, quoting at most 200 characters of the Origin', () => {
    expect(controlRefusal({ origin: 'https://evil.example' }, PORT)).toBe(
      `${CONTROL_WHO}; a request from Origin "https://evil.example" was refused`,
    );
    const long = `https://${'a'.repeat(300)}.example`;
    expect(controlRefusal({ origin: long }, PORT)).toBe(
      `${CONTROL_WHO}; a request from Origin ${JSON.stringify(long.slice(0, 200))} was refused`,
    );
  });

  it('says which Sec-Fetch-Site it refused, at most 40 characters of it', () => {
    expect(controlRefusal({ 'sec-fetch-site': 'cross-site' }, PORT)).toBe(
      `${CONTROL_WHO}; a request a page sent from another origin (Sec-Fetch-Site: cross-site) was refused`,
    );
    expect(controlRefusal({ 'sec-fetch-site': 'x'.repeat(100) }, PORT)).toBe(
      `${CONTROL_WHO}; a request a page sent from another origin (Sec-Fetch-Site: ${'x'.repeat(40)}) was refused`,
    );
  });

  it('refuses every Origin when the port is unknown, naming no origin', () => {
    expect(controlRefusal({ origin: 'http://localhost:4400' }, undefined)).toBe(
      `The control API answers only tools (no Origin) and the harness's own pages (its own origin); a request from Origin "http://localhost:4400" was refused`,
    );
    expect(controlRefusal({}, undefined)).toBeNull();
  });
});
