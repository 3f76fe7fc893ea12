import type { HttpCore } from './http-core.ts';
import type { SsoAccessTokenResponse } from './types.ts';

/** Service-role single sign-on. */
export interface SsoClient {
  /** `GET /apps/{appId}/auth/sso/accesstoken/{userId}` → `{ access_token }` (service role only). */
  getAccessToken(userId: string): Promise<SsoAccessTokenResponse>;
}

/** Creates the SSO client on a service-role core (see `HttpCore.withServiceRole`). */
export function createSsoClient(core: HttpCore): SsoClient {
  return {
    async getAccessToken(userId) {
      const path = `/apps/${core.appId}/auth/sso/accesstoken/${encodeURIComponent(userId)}`;
      return (await core.request<SsoAccessTokenResponse>(path)).data;
    },
  };
}
