import type { FastifyInstance } from 'fastify';
import type { EmulatorContext } from '../context.ts';
import { BadRequestError } from '../errors.ts';
import { parseFault } from '../http/faults.ts';
import { objectBody as objectSchema } from '../http/route-schema.ts';
import { parseCustomIntegration } from './custom-integrations.ts';

const MAX_REFUSE_MS = 120_000;

const name = {
  type: 'string',
  pattern: '^[A-Za-z0-9_-]{1,64}$',
  description: 'a name (letters, digits, _ and -)',
};
const settingsBody = objectSchema({
  public_settings: { type: 'object', description: 'an object' },
  requireLogin: { type: 'boolean', description: 'true or false' },
});
const integrationBody = objectSchema({ package: name, endpoint: name }, ['package', 'endpoint']);

function objectBody(body: unknown): Record<string, unknown> {
  if (body === undefined) return {};
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new BadRequestError('The body must be a JSON object');
  return body as Record<string, unknown>;
}

/** The control API under `/__harness/` (harness contract): for tests and the editor shell, never for the site. */
export function registerControlRoutes(app: FastifyInstance, ctx: EmulatorContext, reset: () => void): void {
  const { state } = ctx;

  // Who may call these routes (tools and the harness's own pages, never another site) is decided by the request
  // guard, attached to every route under /__harness/ as it is declared: see ../http/request-guard.ts.

  app.get('/__harness/health', async () => ({ ok: true }));

  app.post('/__harness/reset', async () => {
    reset();
    return { ok: true };
  });

  app.get('/__harness/faults', async () => ctx.faults.list());
  app.post('/__harness/faults', async (request) => ({
    ok: true,
    fault: ctx.faults.add(parseFault(request.body)),
  }));
  app.delete('/__harness/faults', async () => {
    ctx.faults.clear();
    return { ok: true };
  });

  app.get('/__harness/settings', async () => state.apps.get(state.appId));
  app.post('/__harness/settings', { schema: { body: settingsBody } }, async (request) => {
    const body = request.body as { public_settings?: Record<string, unknown>; requireLogin?: boolean };
    const current = state.apps.get(state.appId)!;
    if (body.public_settings !== undefined) current.public_settings = body.public_settings;
    if (body.requireLogin !== undefined) current.requireLogin = body.requireLogin;
    state.apps.put(state.appId, current);
    return current;
  });

  app.post('/__harness/realtime/drop', async (request) => {
    const { refuseMs = 0 } = objectBody(request.body);
    if (!Number.isInteger(refuseMs) || (refuseMs as number) < 0 || (refuseMs as number) > MAX_REFUSE_MS) {
      throw new BadRequestError(`refuseMs must be a whole number from 0 to ${MAX_REFUSE_MS}`);
    }
    return { ok: true, disconnected: ctx.realtime.drop(refuseMs as number) };
  });

  app.get('/__harness/outbox', async () => state.outbox.list());

  app.get('/__harness/requests', async (request) => {
    const { limit = '100' } = request.query as Record<string, unknown>;
    if (typeof limit !== 'string' || !/^\d{1,3}$/.test(limit) || Number(limit) < 1 || Number(limit) > 500) {
      throw new BadRequestError('limit must be a whole number from 1 to 500');
    }
    return ctx.requests.last(Number(limit));
  });

  app.post('/__harness/integrations', { schema: { body: integrationBody } }, async (request) => {
    const body = request.body as { package: string; endpoint: string; response?: unknown };
    ctx.installables.set(`${body.package}/${body.endpoint}`, body.response ?? { success: true });
    return { ok: true };
  });

  // Registering a slug again replaces all its operations.
  app.post('/__harness/custom-integrations', async (request) => {
    const { slug, operations } = parseCustomIntegration(request.body);
    ctx.customIntegrations.set(slug, operations);
    return { ok: true, slug, operations: [...operations.keys()] };
  });
}
