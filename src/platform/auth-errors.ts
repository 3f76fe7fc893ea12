import { AUTH_ERROR_TYPE } from './auth-error-type.ts';
import { isPlatformError } from './errors/platform-error.ts';

export { AUTH_ERROR_TYPE };

/** The startup auth error the site keeps in its state. */
export interface AuthError {
  type: (typeof AUTH_ERROR_TYPE)[keyof typeof AUTH_ERROR_TYPE] | (string & {});
  message: string;
}

const AUTH_REQUIRED: AuthError = { type: AUTH_ERROR_TYPE.authRequired, message: 'Authentication required' };

/**
 * Maps a failed public-settings load to the contract's startup error: a 403 with `extra_data.reason` gives
 * `auth_required` / `user_not_registered` / that reason with the server message; any other failure `unknown` with
 * its message or 'Failed to load app'; something that is not a platform error 'An unexpected error occurred'.
 */
export function toPublicSettingsAuthError(error: unknown): AuthError {
  if (!isPlatformError(error))
    return { type: AUTH_ERROR_TYPE.unknown, message: 'An unexpected error occurred' };
  const reason = (error.data as { extra_data?: { reason?: unknown } } | null)?.extra_data?.reason;
  if (error.status === 403 && typeof reason === 'string' && reason) {
    if (reason === AUTH_ERROR_TYPE.authRequired) return AUTH_REQUIRED;
    if (reason === AUTH_ERROR_TYPE.userNotRegistered) {
      return { type: reason, message: 'User not registered for this app' };
    }
    return { type: reason, message: error.message };
  }
  return { type: AUTH_ERROR_TYPE.unknown, message: error.message || 'Failed to load app' };
}

/** Maps a failed `me()` at startup: 401/403 → `auth_required`; anything else → null (stay unauthenticated). */
export function toUserCheckAuthError(error: unknown): AuthError | null {
  return isPlatformError(error) && (error.status === 401 || error.status === 403) ? AUTH_REQUIRED : null;
}
