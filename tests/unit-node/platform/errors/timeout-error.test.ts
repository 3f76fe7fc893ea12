/** A request that took longer than its timeout (src/platform/errors/timeout-error.ts). */
import { describe, expect, it } from 'vitest';
import { isPlatformTimeoutError, PlatformTimeoutError } from '../../../../src/platform/index.ts';

describe('PlatformTimeoutError', () => {
  it('names the timeout in its message, with the timeout code', () => {
    const error = new PlatformTimeoutError(1500);
    expect(error.message).toBe('timeout of 1500ms exceeded');
    expect(error.code).toBe('timeout');
    expect(isPlatformTimeoutError(error)).toBe(true);
  });
});
