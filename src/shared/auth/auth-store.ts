import { create } from 'zustand';
import type { AuthError, PlatformUser, PublicSettings } from '../../platform/index.ts';
import type { SitePlatform } from '../site-platform/site-platform.ts';

/** Startup auth (docs/requirements.md, "States and transitions"): loading, then ready or error. */
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
 * Logout (docs/requirements.md, "States and transitions"): clears the user and the stored token, then reloads or goes
 * to `redirectUrl`.
 */
export function logout(platform: SitePlatform, redirectUrl?: string): void {
  useAuthStore.setState({ user: null, isAuthenticated: false, hasToken: false });
  platform.auth.logout(redirectUrl);
}
