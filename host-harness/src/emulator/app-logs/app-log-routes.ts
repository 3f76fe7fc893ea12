import type { FastifyInstance } from 'fastify';
import { requireApp } from '../apps/index.ts';
import { type CallerState, callerOf, requireAdmin, requireMember } from '../auth/index.ts';
import { BadRequestError } from '../core/errors.ts';
import type { AnalyticsStore } from './analytics-store.ts';
import type { AppLogFilter, AppLogStore } from './app-log-store.ts';

const MAX_PAGE_NAME = 200;

function optionalString(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || value.length > 500)
    throw new BadRequestError(`${name} must be given once, as text`, 'invalid_parameter');
  return value;
}

function optionalDate(query: Record<string, unknown>, name: string): string | undefined {
  const value = optionalString(query, name);
  if (value === undefined) return undefined;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new BadRequestError(`${name} must be a date (ISO 8601)`, 'invalid_parameter');
  return new Date(ms).toISOString();
}

function optionalInt(query: Record<string, unknown>, name: string, fallback: number, max: number): number {
  const value = optionalString(query, name);
  if (value === undefined) return fallback;
  if (!/^\d{1,9}$/.test(value) || Number(value) > max) {
    throw new BadRequestError(`${name} must be a whole number from 0 to ${max}`, 'invalid_parameter');
  }
  return Number(value);
}

function filterOf(query: Record<string, unknown>): AppLogFilter {
  const filter: AppLogFilter = {};
  const page = optionalString(query, 'page');
  const userId = optionalString(query, 'user_id');
  const from = optionalDate(query, 'from');
  const to = optionalDate(query, 'to');
  if (page !== undefined) filter.page = page;
  if (userId !== undefined) filter.userId = userId;
  if (from !== undefined) filter.from = from;
  if (to !== undefined) filter.to = to;
  return filter;
}

/** App logs (page visits of signed-in users, readable by admins) and the reference client's analytics batches. */
export function registerAppLogRoutes(
  app: FastifyInstance,
  state: CallerState & { logs: AppLogStore; analytics: AnalyticsStore },
): void {
  app.post('/api/app-logs/:appId/log-user-in-app/:page', async (request) => {
    const { appId, page } = request.params as { appId: string; page: string };
    requireApp(state, appId);
    if (page.length === 0 || page.length > MAX_PAGE_NAME) {
      throw new BadRequestError(
        `The page name must have 1 to ${MAX_PAGE_NAME} characters`,
        'invalid_parameter',
      );
    }
    const { account } = requireMember(state, appId, callerOf(state, request));
    const entry = state.logs.add(appId, page, account);
    return { success: true, id: entry.id };
  });

  app.get('/api/app-logs/:appId', async (request) => {
    const { appId } = request.params as { appId: string };
    requireApp(state, appId);
    requireAdmin(state, appId, callerOf(state, request));
    const query = request.query as Record<string, unknown>;
    return state.logs.list(
      appId,
      filterOf(query),
      optionalInt(query, 'limit', 100, 10_000),
      optionalInt(query, 'skip', 0, 100_000_000),
    );
  });

  app.get('/api/app-logs/:appId/stats', async (request) => {
    const { appId } = request.params as { appId: string };
    requireApp(state, appId);
    requireAdmin(state, appId, callerOf(state, request));
    return state.logs.stats(appId, filterOf(request.query as Record<string, unknown>));
  });

  app.post('/api/apps/:appId/analytics/track/batch', async (request) => {
    const { appId } = request.params as { appId: string };
    requireApp(state, appId);
    const body = request.body as { events?: unknown } | undefined;
    if (typeof body !== 'object' || body === null)
      throw new BadRequestError('The body must be {events: [...]}', 'invalid_body');
    // Every event is validated before any is stored (all or nothing).
    return { success: true, stored: state.analytics.addBatch(appId, body.events) };
  });
}
