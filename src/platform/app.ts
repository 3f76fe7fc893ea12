import type { CallOptions, HttpCore } from './http-core.ts';
import type { PublicSettings } from './types.ts';

/** App-level calls made at startup. */
export interface AppClient {
  /** `GET /apps/public/prod/public-settings/by-id/{appId}` → `{ id, public_settings }`. */
  getPublicSettings(options?: CallOptions): Promise<PublicSettings>;
}

/** Creates the app client; it stands alone on an {@link HttpCore}. */
export function createAppClient(core: HttpCore): AppClient {
  return {
    async getPublicSettings({ signal, timeout } = {}) {
      const path = `/apps/public/prod/public-settings/by-id/${core.appId}`;
      return (await core.request<PublicSettings>(path, { signal, timeout })).data;
    },
  };
}
