import type { FastifyInstance } from 'fastify';
import { objectBody } from '../core/http/route-schema.ts';
import type { AppStore } from './app-store.ts';

const settingsBody = objectBody({
  public_settings: { type: 'object', description: 'an object' },
  requireLogin: { type: 'boolean', description: 'true or false' },
});

/** The control API's view of the seeded app's settings: read them, or change public settings and `requireLogin`. */
export function registerAppSettingsRoutes(
  app: FastifyInstance,
  state: { apps: AppStore; appId: string },
): void {
  app.get('/__harness/settings', async () => state.apps.get(state.appId));
  app.post('/__harness/settings', { schema: { body: settingsBody } }, async (request) => {
    const body = request.body as { public_settings?: Record<string, unknown>; requireLogin?: boolean };
    const current = state.apps.get(state.appId)!;
    if (body.public_settings !== undefined) current.public_settings = body.public_settings;
    if (body.requireLogin !== undefined) current.requireLogin = body.requireLogin;
    state.apps.put(state.appId, current);
    return current;
  });
}
