/**
 * The control API as the emulator wires it, for the control routes' and the request log's tests: the request log, the
 * emulator's error answers, the control routes (a reset counts itself), and two plain routes to log.
 */
import { registerControlRoutes } from '../../../../../host-harness/src/emulator/control/control-routes.ts';
import { FaultRegistry } from '../../../../../host-harness/src/emulator/control/faults.ts';
import {
  type LoggedRequest,
  RequestLog,
  registerRequestLog,
} from '../../../../../host-harness/src/emulator/control/request-log.ts';
import { registerErrorHandlers } from '../../../../../host-harness/src/emulator/core/http/error-handler.ts';
import { testApp } from '../test-app.ts';

/** A logged request with `n` in its path. */
export function entry(n: number): LoggedRequest {
  return { method: 'GET', path: `/r${n}`, query: {}, status: 200, headers: [], duration_ms: 1, date: 'd' };
}

export function controlApp(quiet = true) {
  const app = testApp();
  const ctx = { faults: new FaultRegistry(), requests: new RequestLog(), resets: 0, reset: async () => {} };
  ctx.reset = async () => {
    ctx.resets++;
  };
  registerRequestLog(app, ctx.requests, quiet);
  registerErrorHandlers(app, true);
  registerControlRoutes(app, ctx);
  app.get('/api/apps/:id', async () => ({ ok: true }));
  app.post('/api/apps/:id', async (_request, reply) => reply.code(201).send({ ok: true }));
  return { app, ctx };
}
