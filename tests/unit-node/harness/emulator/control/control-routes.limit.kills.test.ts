/** The request log's `limit` given twice is refused like any other limit that is not one whole number. */
import { describe, expect, it } from 'vitest';
import { registerControlRoutes } from '../../../../../host-harness/src/emulator/control/control-routes.ts';
import { FaultRegistry } from '../../../../../host-harness/src/emulator/control/faults.ts';
import {
  RequestLog,
  registerRequestLog,
} from '../../../../../host-harness/src/emulator/control/request-log.ts';
import { registerErrorHandlers } from '../../../../../host-harness/src/emulator/core/http/error-handler.ts';
import { testApp } from '../test-app.ts';

function controlApp() {
  const app = testApp();
  const ctx = { faults: new FaultRegistry(), requests: new RequestLog(), resets: 0, reset: async () => {} };
  registerRequestLog(app, ctx.requests, true);
  registerErrorHandlers(app, true);
  registerControlRoutes(app, ctx);
  return app;
}

describe('GET /__harness/requests', () => {
  it('refuses a limit given more than once', async () => {
    const app = controlApp();
    for (const query of ['limit=5&limit=6', 'limit=5&limit=5', 'limit=1&limit=']) {
      const response = await app.inject({ url: `/__harness/requests?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toStrictEqual({
        message: 'limit must be a whole number from 1 to 500',
        code: 'bad_request',
      });
    }
  });
});
