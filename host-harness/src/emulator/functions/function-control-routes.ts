import type { FastifyInstance } from 'fastify';
import { NotFoundError } from '../core/errors.ts';
import type { FunctionRunner } from './function-runner.ts';

/** Control API of the function runner (tests, benchmarks): what runs, and stopping one for a cold start. */
export function registerFunctionControlRoutes(app: FastifyInstance, functions: FunctionRunner): void {
  app.get('/__harness/functions', async () => functions.list());

  // A function's newest log lines (its console output), as the platform's dashboard shows them.
  app.get('/__harness/functions/:name/logs', async (request) => {
    const { name } = request.params as { name: string };
    if (!functions.find(name))
      throw new NotFoundError(`No function ${name.slice(0, 64)}`, 'function_not_found');
    return functions.logsOf(name);
  });

  app.post('/__harness/functions/:name/stop', async (request) => {
    const { name } = request.params as { name: string };
    if (!(await functions.stop(name)))
      throw new NotFoundError(`Function ${name.slice(0, 64)} is not running`, 'function_not_running');
    return { ok: true };
  });
}
