/**
 * The Content-Security-Policy serializer the site server and the editor shell share (`serving/content-security-policy.ts`).
 */
import { describe, expect, it } from 'vitest';
import { serializeCsp } from '../../../../host-harness/src/serving/content-security-policy.ts';

describe('serializeCsp', () => {
  it('writes each directive and its sources in order, separated as the header wants them', () => {
    expect(serializeCsp({ 'default-src': ["'self'"], 'img-src': ["'self'", 'data:'] })).toBe(
      "default-src 'self'; img-src 'self' data:",
    );
    expect(serializeCsp({})).toBe('');
  });

  it('drops repeated sources, keeping the first place of each', () => {
    expect(serializeCsp({ 'script-src': ['b', 'a', 'b', 'c', 'a'] })).toBe('script-src b a c');
  });
});
