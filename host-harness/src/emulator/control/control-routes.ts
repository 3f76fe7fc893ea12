import type { FastifyInstance } from 'fastify';
import { BadRequestError } from '../core/errors.ts';
import { type FaultRegistry, parseFault } from './faults.ts';
import type { RequestLog } from './request-log.ts';

/** What the control API's own routes act on. */
export interface ControlContext {
  faults: FaultRegistry;
  requests: RequestLog;
  /** Back to the seeded state (`POST /__harness/reset`): every feature's data and canned answers. */
  reset(): Promise<void>;
}

/**
 * The control API under `/__harness/` (`host-harness/README.md`, "Control API"): for tests and the
 * editor shell, never for the site. These are its own routes (health, reset, faults, the request log); each feature
 * registers the control routes of its own state beside its other routes.
 */
export function registerControlRoutes(app: FastifyInstance, ctx: ControlContext): void {
  // Who may call these routes (tools and the harness's own pages, never another site) is decided by the request
  // guard, attached to every route under /__harness/ as it is declared: see ../core/http/request-guard.ts.

  app.get('/__harness/health', async () => ({ ok: true }));

  app.post('/__harness/reset', async () => {
    await ctx.reset();
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

  app.get('/__harness/requests', async (request) => {
    const { limit = '100' } = request.query as Record<string, unknown>;
    if (!/^\d{1,3}$/.test(String(limit)) || Number(limit) < 1 || Number(limit) > 500) {
      throw new BadRequestError('limit must be a whole number from 1 to 500');
    }
    return ctx.requests.last(Number(limit));
  });
}
