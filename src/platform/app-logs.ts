import type { HttpCore, QueryParams } from './http-core.ts';

/** Page-visit logging and log queries, `/app-logs/{appId}`. */
export interface AppLogsClient {
  /** `POST /log-user-in-app/{page}` with no body (the site ignores its errors). */
  logUserInApp(page: string): Promise<void>;
  /** `GET /app-logs/{appId}` with `params` passed through as the query. */
  fetchLogs<T = unknown>(params?: QueryParams): Promise<T>;
  /** `GET /app-logs/{appId}/stats` with `params` as the query. */
  getStats<T = unknown>(params?: QueryParams): Promise<T>;
}

/** Creates the app-logs client; it stands alone on an {@link HttpCore}. */
export function createAppLogsClient(core: HttpCore): AppLogsClient {
  const base = `/app-logs/${core.appId}`;
  return {
    async logUserInApp(page) {
      await core.request(`${base}/log-user-in-app/${encodeURIComponent(page)}`, { method: 'POST' });
    },
    fetchLogs: async (params) => (await core.request(base, { query: params })).data as never,
    getStats: async (params) => (await core.request(`${base}/stats`, { query: params })).data as never,
  };
}
