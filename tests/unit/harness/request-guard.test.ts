import { describe, expect, it } from 'vitest';
import {
  controlRefusal,
  socketHandshakeRefusal,
} from '../../../host-harness/src/emulator/core/http/request-guard.ts';

const PORT = 4400;
const host = { host: `localhost:${PORT}` };

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

  it('refuses an Origin when the port is unknown', () => {
    expect(controlRefusal({ origin: 'http://localhost:4400' }, undefined)).not.toBeNull();
  });
});

describe('socketHandshakeRefusal', () => {
  const allowed = ['http://localhost:4401', 'https://editor.example.com'];

  it('allows no Origin, the harness, the site under any loopback name, and the editor', () => {
    for (const origin of [
      undefined,
      'http://localhost:4400',
      'http://127.0.0.1:4400',
      'http://localhost:4401',
      'http://127.0.0.1:4401',
      'http://[::1]:4401',
      'https://editor.example.com',
    ]) {
      expect(socketHandshakeRefusal({ ...host, origin }, PORT, allowed), String(origin)).toBeNull();
    }
  });

  it('refuses other origins and foreign Hosts', () => {
    for (const origin of [
      'null',
      'https://evil.example',
      'http://localhost:4402',
      'http://editor.example.com',
    ]) {
      expect(socketHandshakeRefusal({ ...host, origin }, PORT, allowed)).toMatch(/was refused/);
    }
    expect(socketHandshakeRefusal({ host: 'evil.example:4400' }, PORT, allowed)).toMatch(/DNS rebinding/);
    expect(socketHandshakeRefusal({}, PORT, allowed)).toMatch(/no Host header/);
  });
});
