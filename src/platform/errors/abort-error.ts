import { ERROR_CODES } from '../constants.ts';
import { createErrorGuard, PlatformError } from './platform-error.ts';

/** The caller's `AbortSignal` fired; the signal's reason is kept as `cause`. */
export class PlatformAbortError extends PlatformError {
  override name = 'PlatformAbortError';

  constructor(reason: unknown) {
    super('The request was aborted', { code: ERROR_CODES.aborted, cause: reason });
  }
}

/** True for a {@link PlatformAbortError}, across realms. */
export const isPlatformAbortError = createErrorGuard<PlatformAbortError>('PlatformAbortError');
