import { describe, expect, it } from 'vitest';
import {
  foreignHostMessage,
  isOwnHost,
  ownOrigins,
  withLoopbackAliases,
} from '../../../../host-harness/src/serving/loopback-host.ts';

describe('isOwnHost', () => {
  it('accepts the loopback names with the listening port, in any case', () => {
    for (const host of [
      'localhost:4400',
      'LOCALHOST:4400',
      '127.0.0.1:4400',
      '[::1]:4400',
      '[::1]:4400'.toUpperCase(),
    ])
      expect(isOwnHost(host, 4400), host).toBe(true);
  });

  it('treats a missing port as 80', () => {
    expect(isOwnHost('localhost', 80)).toBe(true);
    expect(isOwnHost('localhost', 4400)).toBe(false);
  });

  it('refuses every look-alike', () => {
    for (const host of [
      undefined,
      '',
      'localhost:4401',
      'localhost:04400',
      'localhost:+4400',
      'localhost.:4400',
      'localhost.evil.com:4400',
      'evil.localhost:4400',
      'user@localhost:4400',
      'localhost:4400@evil.com',
      'localhost:4400:4400',
      'localhost :4400',
      '127.0.0.2:4400',
      '127.1:4400',
      '0x7f000001:4400',
      '[::ffff:127.0.0.1]:4400',
      '::1:4400',
      `localhost:4400${' '.repeat(40)}`,
    ]) {
      expect(isOwnHost(host, 4400), String(host)).toBe(false);
    }
  });

  it('refuses everything when the port is unknown (no real socket)', () => {
    expect(isOwnHost('localhost:4400', undefined)).toBe(false);
  });
});

describe('origins', () => {
  it('ownOrigins lists one origin per loopback name', () => {
    expect(ownOrigins(4400)).toEqual(['http://localhost:4400', 'http://127.0.0.1:4400', 'http://[::1]:4400']);
  });

  it('withLoopbackAliases expands loopback origins only', () => {
    expect(withLoopbackAliases('http://127.0.0.1:4401')).toEqual([
      'http://localhost:4401',
      'http://127.0.0.1:4401',
      'http://[::1]:4401',
    ]);
    expect(withLoopbackAliases('https://editor.example.com/')).toEqual(['https://editor.example.com']);
    expect(withLoopbackAliases('not a url')).toEqual(['not a url']);
  });
});

describe('foreignHostMessage', () => {
  it('names the addresses answered and the Host refused', () => {
    expect(foreignHostMessage('rebound.example:4400', 4400)).toBe(
      'This local server answers only requests addressed to localhost:4400, 127.0.0.1:4400, [::1]:4400; Host "rebound.example:4400" was refused (protection against DNS rebinding)',
    );
  });

  it('says when there was no Host, and when the port is unknown', () => {
    expect(foreignHostMessage(undefined, undefined)).toBe(
      'This local server answers only requests addressed to localhost:<port>, 127.0.0.1:<port>, [::1]:<port>; no Host header was refused (protection against DNS rebinding)',
    );
  });

  it('quotes at most 100 characters of the Host, escaped', () => {
    const message = foreignHostMessage(`"${'h'.repeat(200)}`, 4401);
    expect(message).toContain(`; Host "\\"${'h'.repeat(99)}" was refused`);
  });
});
