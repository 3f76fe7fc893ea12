import { createErrorGuard, PlatformError, type PlatformErrorOptions } from './platform-error.ts';

/** The server answered with a non-2xx status; `status`, `code` and `data` come from that answer. */
export class PlatformHttpError extends PlatformError {
  override name = 'PlatformHttpError';

  constructor(message: string, options: PlatformErrorOptions & { status: number }) {
    super(message, options);
  }
}

/** True for a {@link PlatformHttpError}, across realms. */
export const isPlatformHttpError = createErrorGuard<PlatformHttpError>('PlatformHttpError');
