/**
 * The platform client's error types (src/platform/errors): their messages, codes and causes, and the guards that tell
 * them apart across realms (an error of another realm is not `instanceof` ours; its `name` family decides).
 */
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import {
  isPlatformAbortError,
  isPlatformError,
  isPlatformTimeoutError,
  isRealtimeError,
  PlatformAbortError,
  PlatformError,
  PlatformParseError,
  PlatformTimeoutError,
  RealtimeError,
} from '../../../src/platform/index.ts';

/** An error made in another realm (another frame, or a second copy of the bundle), with the given name. */
function foreignError(name: string): Error {
  return runInNewContext(`Object.assign(new Error('from elsewhere'), { name: ${JSON.stringify(name)} })`);
}

describe('platform errors (kills)', () => {
  it('PlatformError keeps a given cause, and has none when none is given', () => {
    const cause = new Error('socket hang up');
    const withCause = new PlatformError('Network failure', { code: 'network', cause });
    expect(withCause.cause).toBe(cause);
    expect(withCause.message).toBe('Network failure');
    const without = new PlatformError('Plain', { code: 'x' });
    expect('cause' in without).toBe(false);
    expect('cause' in new PlatformError('No options')).toBe(false);
  });

  it('PlatformAbortError: the contract message, the aborted code and the reason as cause', () => {
    const reason = new Error('user left');
    const error = new PlatformAbortError(reason);
    expect(error.message).toBe('The request was aborted');
    expect(error.code).toBe('aborted');
    expect(error.cause).toBe(reason);
    expect(error.name).toBe('PlatformAbortError');
    expect(isPlatformAbortError(error)).toBe(true);
  });

  it('PlatformTimeoutError: the message names the timeout', () => {
    const error = new PlatformTimeoutError(1500);
    expect(error.message).toBe('timeout of 1500ms exceeded');
    expect(error.code).toBe('timeout');
    expect(isPlatformTimeoutError(error)).toBe(true);
  });

  it('PlatformParseError: the malformed JSON message, the status and the raw text', () => {
    const cause = new SyntaxError('Unexpected token');
    const error = new PlatformParseError(200, '{oops', cause);
    expect(error.message).toBe('The server answered with malformed JSON');
    expect(error.status).toBe(200);
    expect(error.data).toBe('{oops');
    expect(error.cause).toBe(cause);
  });

  it('isRealtimeError holds for a RealtimeError only', () => {
    expect(isRealtimeError(new RealtimeError('socket has been disconnected', 'realtime_disconnected'))).toBe(
      true,
    );
    expect(isRealtimeError(foreignError('RealtimeError'))).toBe(true);
    expect(isRealtimeError(new PlatformError('other'))).toBe(false);
  });

  it('isPlatformError: another realm counts by the exact name family only', () => {
    expect(isPlatformError(foreignError('PlatformHttpError'))).toBe(true);
    expect(isPlatformError(foreignError('RealtimeError'))).toBe(true);
    expect(isPlatformError(foreignError('MyPlatformError'))).toBe(false);
    expect(isPlatformError(foreignError('PlatformErrorLike'))).toBe(false);
    expect(isPlatformError(foreignError('TypeError'))).toBe(false);
  });
});
