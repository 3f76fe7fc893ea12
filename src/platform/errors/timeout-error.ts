import { ERROR_CODES } from '../constants.ts';
import { createErrorGuard, PlatformError } from './platform-error.ts';

/** The request outlived the timeout the caller asked for (there is none by default). */
export class PlatformTimeoutError extends PlatformError {
  override name = 'PlatformTimeoutError';

  constructor(timeoutMs: number) {
    super(`timeout of ${timeoutMs}ms exceeded`, { code: ERROR_CODES.timeout });
  }
}

/** True for a {@link PlatformTimeoutError}, across realms. */
export const isPlatformTimeoutError = createErrorGuard<PlatformTimeoutError>('PlatformTimeoutError');
