import { ERROR_CODES } from '../constants.ts';
import { createErrorGuard, PlatformError } from './platform-error.ts';

/** A successful status whose JSON body could not be parsed; `data` holds the raw text. */
export class PlatformParseError extends PlatformError {
  override name = 'PlatformParseError';

  constructor(status: number, text: string, cause: unknown) {
    super('The server answered with malformed JSON', {
      status,
      code: ERROR_CODES.invalidJson,
      data: text,
      cause,
    });
  }
}

/** True for a {@link PlatformParseError}, across realms. */
export const isPlatformParseError = createErrorGuard<PlatformParseError>('PlatformParseError');
