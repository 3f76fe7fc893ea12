/** A request the caller aborted (src/platform/errors/abort-error.ts). */
import { describe, expect, it } from 'vitest';
import { isPlatformAbortError, PlatformAbortError } from '../../../../src/platform/index.ts';

describe('PlatformAbortError', () => {
  it('carries the contract message, the aborted code and the reason as its cause', () => {
    const reason = new Error('user left');
    const error = new PlatformAbortError(reason);
    expect(error.message).toBe('The request was aborted');
    expect(error.code).toBe('aborted');
    expect(error.cause).toBe(reason);
    expect(error.name).toBe('PlatformAbortError');
    expect(isPlatformAbortError(error)).toBe(true);
  });
});
