/** App logs (page visits, read by admins) and analytics events: their stores and routes. */
export { ANALYTICS_TABLES, AnalyticsStore } from './analytics-store.ts';
export { registerAppLogRoutes } from './app-log-routes.ts';
export { APP_LOG_TABLES, AppLogStore } from './app-log-store.ts';
