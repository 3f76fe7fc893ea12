import { createErrorGuard, PlatformError } from './platform-error.ts';

/**
 * A realtime failure passed to listeners: the contract's `operation has timed out` and
 * `socket has been disconnected`, a refused handshake, or an update whose `data` is not JSON.
 */
export class RealtimeError extends PlatformError {
  override name = 'RealtimeError';

  constructor(message: string, code: string, cause?: unknown) {
    super(message, { code, cause });
  }
}

/** True for a {@link RealtimeError}, across realms. */
export const isRealtimeError = createErrorGuard<RealtimeError>('RealtimeError');
