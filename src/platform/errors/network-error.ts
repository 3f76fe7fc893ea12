import { ERROR_CODES } from '../constants.ts';
import { createErrorGuard, PlatformError } from './platform-error.ts';

/** No answer arrived (refused, reset, DNS, CORS): `status` is undefined. */
export class PlatformNetworkError extends PlatformError {
  override name = 'PlatformNetworkError';

  constructor(cause: unknown) {
    super('Network Error', { code: ERROR_CODES.network, cause });
  }
}

/** True for a {@link PlatformNetworkError}, across realms. */
export const isPlatformNetworkError = createErrorGuard<PlatformNetworkError>('PlatformNetworkError');
