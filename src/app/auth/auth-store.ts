import { create } from 'zustand';
import {
  AUTH_ERROR_TYPE,
  type AuthError,
  type PlatformUser,
  type PublicSettings,
  toPublicSettingsAuthError,
  toUserCheckAuthError,
} from '../../platform/index.ts';
import type { SitePlatform } from '../platform/site-platform.ts';

/** Startup auth (spec §4): loading, then ready or error. */
export const AUTH_STATUS = { loading: 'loading', ready: 'ready', error: 'error' } as const;
export type AuthStatus = (typeof AUTH_STATUS)[keyof typeof AUTH_STATUS];

export interface AuthState {
  status: AuthStatus;
  /** A token was stored when the check started (only then does the site wait for it). */
  hasToken: boolean;
  user: PlatformUser | null;
  isAuthenticated: boolean;
  publicSettings: PublicSettings | null;
  error: AuthError | null;
}

/**
 * A startup call that hangs must not hold the spinner forever (security rule 16): after this long the check gives up
 * into "unknown" (public settings) or "signed out" (current user).
 */
export const STARTUP_CALL_TIMEOUT_MS = 8000;

export const initialAuthState: AuthState = {
  status: AUTH_STATUS.loading,
  hasToken: false,
  user: null,
  isAuthenticated: false,
  publicSettings: null,
  error: null,
};

export const useAuthStore = create<AuthState>()(() => initialAuthState);

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
    const publicSettings = await platform.app.getPublicSettings({
      signal: AbortSignal.timeout(STARTUP_CALL_TIMEOUT_MS),
    });
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
    const user = await withTimeout(platform.auth.me(), STARTUP_CALL_TIMEOUT_MS);
    useAuthStore.setState({ status: AUTH_STATUS.ready, user, isAuthenticated: true });
  } catch (error) {
    const authError = toUserCheckAuthError(error);
    if (authError) fail(authError);
    else useAuthStore.setState({ status: AUTH_STATUS.ready, user: null, isAuthenticated: false });
  }
}

/** Logout (spec §4): clears the user and the stored token, then reloads or goes to `redirectUrl`. */
export function logout(platform: SitePlatform, redirectUrl?: string): void {
  useAuthStore.setState({ user: null, isAuthenticated: false, hasToken: false });
  platform.auth.logout(redirectUrl);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('operation has timed out')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
