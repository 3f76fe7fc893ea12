import {
  AUTH_ERROR_TYPE,
  type AuthError,
  toPublicSettingsAuthError,
  toUserCheckAuthError,
} from '../../platform/index.ts';
import { AUTH_STATUS, initialAuthState, useAuthStore } from '../../shared/auth/auth-store.ts';
import type { SitePlatform } from '../../shared/site-platform/site-platform.ts';

/**
 * A startup call that hangs must not hold the spinner forever (docs/security.md, "HTTP faults and nothing lost"): after
 * this long the check gives up into "unknown" (public settings) or "signed out" (current user).
 */
export const STARTUP_CALL_TIMEOUT_MS = 8000;

/**
 * Runs the startup check: public settings, then `me` when a token is stored. `auth_required` (from either step)
 * clears the rejected token and sends the visitor to the platform's login with `from_url` = this page.
 */
export async function checkAppState(platform: SitePlatform, currentUrl: () => string): Promise<void> {
  const hasToken = platform.auth.getToken() !== null;
  useAuthStore.setState({ ...initialAuthState, hasToken });
  const fail = (error: AuthError) => {
    useAuthStore.setState({ status: AUTH_STATUS.error, error, user: null, isAuthenticated: false });
    if (error.type === AUTH_ERROR_TYPE.authRequired) platform.auth.redirectToLogin(currentUrl());
  };

  try {
    const publicSettings = await platform.app.getPublicSettings({ timeout: STARTUP_CALL_TIMEOUT_MS });
    useAuthStore.setState({ publicSettings });
  } catch (error) {
    fail(toPublicSettingsAuthError(error));
    return;
  }

  if (!hasToken) {
    useAuthStore.setState({ status: AUTH_STATUS.ready });
    return;
  }
  try {
    const user = await platform.auth.me({ timeout: STARTUP_CALL_TIMEOUT_MS });
    useAuthStore.setState({ status: AUTH_STATUS.ready, user, isAuthenticated: true });
  } catch (error) {
    const authError = toUserCheckAuthError(error);
    if (authError) fail(authError);
    else useAuthStore.setState({ status: AUTH_STATUS.ready, user: null, isAuthenticated: false });
  }
}
