import type { FastifyInstance } from 'fastify';
import { objectBody } from '../core/http/route-schema.ts';
import { type CustomIntegrations, parseCustomIntegration } from './custom-integrations.ts';

const name = {
  type: 'string',
  pattern: '^[A-Za-z0-9_-]{1,64}$',
  description: 'a name (letters, digits, _ and -)',
};
const integrationBody = objectBody({ package: name, endpoint: name }, ['package', 'endpoint']);

/** Control API: canned answers for installable integration packages and for custom integrations. */
export function registerIntegrationControlRoutes(
  app: FastifyInstance,
  ctx: { installables: Map<string, unknown>; customIntegrations: CustomIntegrations },
): void {
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
