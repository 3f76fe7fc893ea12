import type { FastifyInstance } from 'fastify';
import { requireApp } from '../apps/index.ts';
import { BadRequestError, ForbiddenError, notRegisteredError } from '../core/errors.ts';
import { localHttpUrl } from '../core/http/local-url.ts';
import { callerOf } from './caller.ts';
import type { CallerState } from './members.ts';

/** Public settings (with the 403 `extra_data.reason` cases) and the logout redirect. */
export function registerPublicSettingsRoutes(app: FastifyInstance, state: CallerState): void {
  app.get('/api/apps/public/prod/public-settings/by-id/:appId', async (request) => {
    const { appId } = request.params as { appId: string };
    requireApp(state, appId);
    const settings = state.apps.get(appId)!;
    const caller = callerOf(state, request);
    if (caller.account && !caller.service && !state.member(appId, caller.account.id))
      throw notRegisteredError();
    if (settings.requireLogin && !caller.account && !caller.service) {
      throw new ForbiddenError('Authentication required', 'auth_required', { reason: 'auth_required' });
    }
    return { id: appId, public_settings: settings.public_settings };
  });

  app.get('/api/apps/auth/logout', async (request, reply) => {
    const { from_url: fromUrl } = request.query as Record<string, unknown>;
    const target = localHttpUrl(fromUrl);
    if (!target)
      throw new BadRequestError('from_url must be an http(s) address on localhost', 'invalid_redirect');
    return reply.redirect(target.href, 302);
  });
}
