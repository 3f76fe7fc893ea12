/** The apps the emulator knows (one is seeded) and their settings: public settings, whether visitors must sign in. */
export { registerAppSettingsRoutes } from './app-settings-routes.ts';
export { APP_TABLES, type AppSettings, AppStore, DEFAULT_APP_SETTINGS, requireApp } from './app-store.ts';
