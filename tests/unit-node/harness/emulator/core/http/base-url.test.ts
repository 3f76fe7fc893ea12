/**
 * The emulator's own base URL as the caller reached it (`core/http/base-url.ts`): the Host when it is a local one,
 * else the address the emulator listens on.
 */
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createBaseUrl } from '../../../../../../host-harness/src/emulator/core/http/base-url.ts';

describe('createBaseUrl', () => {
  const request = (host?: string) => ({ headers: host === undefined ? {} : { host } }) as FastifyRequest;

  it('is the Host the caller reached, when it is a local one', () => {
    const baseUrl = createBaseUrl(() => 'http://127.0.0.1:9999');
    for (const host of [
      'localhost',
      'localhost:4400',
      '127.0.0.1:1',
      '[::1]:65535',
      '[::1]',
      '127.0.0.1:12345',
    ])
      expect(baseUrl(request(host)), host).toBe(`http://${host}`);
  });

  it('is the address the emulator listens on for any other Host, or none', () => {
    const baseUrl = createBaseUrl(() => 'http://127.0.0.1:9999');
    for (const host of [
      undefined,
      '',
      'example.com',
      'localhost.example.com',
      'evil-localhost:4400',
      'LOCALHOST:4400',
      'localhost:',
      'localhost:123456',
      'localhost:44a0',
      'localhost:4400:1',
      '127x0x0x1',
      '::1',
    ])
      expect(baseUrl(request(host)), String(host)).toBe('http://127.0.0.1:9999');
  });

  it('is http://localhost:4400 while the emulator does not know where it listens', () => {
    expect(createBaseUrl(() => null)(request('example.com'))).toBe('http://localhost:4400');
  });

  it('asks where it listens at each request, not once', () => {
    let listening: string | null = null;
    const baseUrl = createBaseUrl(() => listening);
    expect(baseUrl(request())).toBe('http://localhost:4400');
    listening = 'http://localhost:5000';
    expect(baseUrl(request())).toBe('http://localhost:5000');
  });
});
