import type { FastifyInstance } from 'fastify';
import type { EmulatorContext } from '../context.ts';
import { BadRequestError } from '../errors.ts';
import { parseFault } from '../http/faults.ts';
import { parseCustomIntegration } from './custom-integrations.ts';

const MAX_REFUSE_MS = 120_000;

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
  app.post('/__harness/settings', async (request) => {
    const body = objectBody(request.body);
    const current = state.apps.get(state.appId)!;
    if (body.public_settings !== undefined) {
      const ps = body.public_settings;
      if (typeof ps !== 'object' || ps === null || Array.isArray(ps))
        throw new BadRequestError('public_settings must be an object');
      current.public_settings = ps as Record<string, unknown>;
    }
    if (body.requireLogin !== undefined) {
      if (typeof body.requireLogin !== 'boolean')
        throw new BadRequestError('requireLogin must be true or false');
      current.requireLogin = body.requireLogin;
    }
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

  app.get('/__harness/orders', async () => state.orders.list());

  app.post('/__harness/integrations', async (request) => {
    const body = objectBody(request.body);
    const ok = (v: unknown) => typeof v === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(v);
    if (!ok(body.package) || !ok(body.endpoint))
      throw new BadRequestError('package and endpoint are required names');
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
