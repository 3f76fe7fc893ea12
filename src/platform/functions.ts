import { toCallBody } from './call-body.ts';
import type { CallOptions, HttpCore, PlatformResponse } from './http-core.ts';

/** Invokes the app's backend functions. */
export interface FunctionsClient {
  /**
   * Calls `POST /apps/{appId}/functions/{name}` and resolves `{ data, status, headers }`, so code written for the
   * reference client (`const { data } = await functions.invoke(...)`) reads the same. Rejects with a PlatformError.
   */
  invoke<T = unknown>(name: string, params?: object, options?: CallOptions): Promise<PlatformResponse<T>>;
}

/** Creates the functions client; it stands alone on an {@link HttpCore}. */
export function createFunctionsClient(core: HttpCore): FunctionsClient {
  return {
    async invoke(name, params, { signal, timeout } = {}) {
      const body = toCallBody('Function', name, params);
      return core.request(`/apps/${core.appId}/functions/${encodeURIComponent(name)}`, {
        method: 'POST',
        body,
        signal,
        timeout,
        isFunctionCall: true,
      });
    },
  };
}
