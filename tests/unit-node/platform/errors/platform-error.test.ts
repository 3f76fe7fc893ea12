/**
 * The platform client's base error (src/platform/errors/platform-error.ts): its message, code and cause, and the guard
 * that tells a platform error from any other across realms (an error of another realm is not `instanceof` ours: its
 * `name` family decides).
 */
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { isPlatformError, PlatformError } from '../../../../src/platform/index.ts';

/** An error made in another realm (another frame, or a second copy of the bundle), with the given name. */
function foreignError(name: string): Error {
  return runInNewContext(`Object.assign(new Error('from elsewhere'), { name: ${JSON.stringify(name)} })`);
}

describe('PlatformError', () => {
  it('keeps a given cause, and has none when none is given', () => {
    const cause = new Error('socket hang up');
    const withCause = new PlatformError('Network failure', { code: 'network', cause });
    expect(withCause.cause).toBe(cause);
    expect(withCause.message).toBe('Network failure');
    const without = new PlatformError('Plain', { code: 'x' });
    expect('cause' in without).toBe(false);
    expect('cause' in new PlatformError('No options')).toBe(false);
  });

  it('isPlatformError: another realm counts by the exact name family only', () => {
    expect(isPlatformError(foreignError('PlatformHttpError'))).toBe(true);
    expect(isPlatformError(foreignError('RealtimeError'))).toBe(true);
    expect(isPlatformError(foreignError('MyPlatformError'))).toBe(false);
    expect(isPlatformError(foreignError('PlatformErrorLike'))).toBe(false);
    expect(isPlatformError(foreignError('TypeError'))).toBe(false);
  });
});
