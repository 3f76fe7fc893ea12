import { PlatformError } from './errors/platform-error.ts';
import { type CallOptions, type HttpCore, type LocationLike, resolveLocation } from './http-core.ts';
import { stripAccessToken } from './launch-token/index.ts';
import { createTokenStore, type TokenStore } from './token-store.ts';
import type { LoginResponse, PlatformUser, RegisterPayload } from './types.ts';

/** Options of {@link createAuthClient}. */
export interface AuthClientOptions {
  /** Where the token persists; `createTokenStore()` (localStorage) by default. */
  tokenStore?: TokenStore;
  /** Base of the login and logout pages; `''` (same origin) by default. */
  appBaseUrl?: string;
  /** The page location to redirect or reload; `window.location` in a browser by default. */
  location?: LocationLike | null;
  /** Told about every token change (the realtime client uses it for its next handshake). */
  onTokenChange?: (token: string | null) => void;
}

/** Authentication calls, `/apps/{appId}/auth/...` and the current user. */
export interface AuthClient {
  /** `GET /entities/User/me`. A 401/403 removes the rejected token (no login loop), then rejects. */
  me(options?: CallOptions): Promise<PlatformUser>;
  /** `PUT /entities/User/me`. */
  updateMe(data: Partial<PlatformUser>): Promise<PlatformUser>;
  /** `POST auth/login`; saves the returned token. A 401 logs out (clears the token, reloads), then rejects. */
  loginViaEmailPassword(email: string, password: string, turnstileToken?: string): Promise<LoginResponse>;
  /**
   * Clears the token (both keys), then goes to `${appBaseUrl}/api/apps/auth/logout?from_url=<redirectUrl>` when
   * `redirectUrl` is given, else reloads the page.
   */
  logout(redirectUrl?: string): void;
  /** Clears the stored token, then goes to `${appBaseUrl}/login?from_url=<absolute fromUrl>` (default: here). */
  redirectToLogin(fromUrl?: string): void;
  /** `POST auth/register` (free-form payload). */
  register<T = unknown>(payload: RegisterPayload): Promise<T>;
  /** `POST auth/verify-otp {email, otp_code}`. */
  verifyOtp<T = unknown>(args: { email: string; otpCode: string }): Promise<T>;
  /** `POST auth/resend-otp {email}`. */
  resendOtp<T = unknown>(email: string): Promise<T>;
  /** `POST auth/reset-password-request {email}`. */
  resetPasswordRequest<T = unknown>(email: string): Promise<T>;
  /** `POST auth/reset-password {reset_token, new_password}`. */
  resetPassword<T = unknown>(args: { resetToken: string; newPassword: string }): Promise<T>;
  /** `POST auth/change-password {user_id, current_password, new_password}`. */
  changePassword<T = unknown>(args: {
    userId: string;
    currentPassword: string;
    newPassword: string;
  }): Promise<T>;
  /** `POST /apps/{appId}/users/invite-user {user_email, role}`. */
  inviteUser<T = unknown>(userEmail: string, role: string): Promise<T>;
  /** Resolves true when `me()` succeeds with the current token. */
  isAuthenticated(): Promise<boolean>;
  /** Uses `token` for every later call, and saves it under both keys unless `save` is false. */
  setToken(token: string, save?: boolean): void;
  /** The token in use, or null. */
  getToken(): string | null;
}

/** Creates the auth client; it stands alone on an {@link HttpCore}. */
export function createAuthClient(core: HttpCore, options: AuthClientOptions = {}): AuthClient {
  const store = options.tokenStore ?? createTokenStore();
  const appBaseUrl = options.appBaseUrl ?? '';
  const location = resolveLocation(options.location);
  const appPath = `/apps/${core.appId}`;
  const post = async <T>(path: string, body?: unknown) =>
    (await core.request<T>(appPath + path, { method: 'POST', body })).data;
  const userPath = `${appPath}/entities/User/me`;

  const clearToken = () => {
    core.setToken(null);
    store.clear();
    options.onTokenChange?.(null);
  };
  const isRejection = (error: unknown) =>
    error instanceof PlatformError && (error.status === 401 || error.status === 403);

  const auth: AuthClient = {
    async me({ signal, timeout } = {}) {
      try {
        return (await core.request<PlatformUser>(userPath, { signal, timeout })).data;
      } catch (error) {
        if (isRejection(error)) clearToken();
        throw error;
      }
    },
    updateMe: async (data) =>
      (await core.request<PlatformUser>(userPath, { method: 'PUT', body: data })).data,
    async loginViaEmailPassword(email, password, turnstileToken) {
      try {
        const answer = await post<LoginResponse>('/auth/login', {
          email,
          password,
          ...(turnstileToken ? { turnstile_token: turnstileToken } : {}),
        });
        if (answer?.access_token) auth.setToken(answer.access_token);
        return { access_token: answer?.access_token, user: answer?.user };
      } catch (error) {
        if (error instanceof PlatformError && error.status === 401) auth.logout();
        throw error;
      }
    },
    logout(redirectUrl) {
      clearToken();
      if (!location) return;
      if (redirectUrl) {
        location.href = `${appBaseUrl}/api/apps/auth/logout?from_url=${encodeURIComponent(stripAccessToken(redirectUrl))}`;
      } else location.reload?.();
    },
    redirectToLogin(fromUrl) {
      if (!location)
        throw new PlatformError('Login redirect needs a browser location', { code: 'no_location' });
      clearToken();
      const absolute = stripAccessToken(new URL(fromUrl ?? location.href, location.href).href);
      location.href = `${appBaseUrl}/login?from_url=${encodeURIComponent(absolute)}`;
    },
    register: (payload) => post('/auth/register', payload),
    verifyOtp: ({ email, otpCode }) => post('/auth/verify-otp', { email, otp_code: otpCode }),
    resendOtp: (email) => post('/auth/resend-otp', { email }),
    resetPasswordRequest: (email) => post('/auth/reset-password-request', { email }),
    resetPassword: ({ resetToken, newPassword }) =>
      post('/auth/reset-password', { reset_token: resetToken, new_password: newPassword }),
    changePassword: ({ userId, currentPassword, newPassword }) =>
      post('/auth/change-password', {
        user_id: userId,
        current_password: currentPassword,
        new_password: newPassword,
      }),
    inviteUser: (userEmail, role) => post('/users/invite-user', { user_email: userEmail, role }),
    async isAuthenticated() {
      try {
        await auth.me();
        return true;
      } catch {
        return false;
      }
    },
    setToken(token, save = true) {
      core.setToken(token);
      if (save && token) store.save(token);
      options.onTokenChange?.(token || null);
    },
    getToken: () => core.getToken(),
  };
  return auth;
}
