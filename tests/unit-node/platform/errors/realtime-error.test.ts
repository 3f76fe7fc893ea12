/** A failure of the realtime connection (src/platform/errors/realtime-error.ts), told apart across realms by name. */
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { isRealtimeError, PlatformError, RealtimeError } from '../../../../src/platform/index.ts';

/** An error made in another realm (another frame, or a second copy of the bundle), with the given name. */
function foreignError(name: string): Error {
  return runInNewContext(`Object.assign(new Error('from elsewhere'), { name: ${JSON.stringify(name)} })`);
}

describe('isRealtimeError', () => {
  it('holds for a RealtimeError, of this realm or another, and for no other platform error', () => {
    expect(isRealtimeError(new RealtimeError('socket has been disconnected', 'realtime_disconnected'))).toBe(
      true,
    );
    expect(isRealtimeError(foreignError('RealtimeError'))).toBe(true);
    expect(isRealtimeError(new PlatformError('other'))).toBe(false);
  });
});
