import type { FastifyInstance } from 'fastify';
import { type AppStore, requireApp } from '../apps/index.ts';
import { BadRequestError, NotFoundError } from '../core/errors.ts';

/** The canned answer of one operation of a custom integration (control API). */
export interface CustomOperation {
  status_code: number;
  /** Answered as `data`; ignored when `echo` is set. */
  data: unknown;
  /** Answer, as `data`, the body the emulator received (`{...params, path_params?, query_params?}`). */
  echo: boolean;
}

/** Registered custom integrations: slug -> operationId -> canned answer. Cleared on reset. */
export type CustomIntegrations = Map<string, Map<string, CustomOperation>>;

const SLUG = /^[A-Za-z0-9_-]{1,64}$/;
const OPERATION_ID = /^[A-Za-z0-9_.-]{1,128}$/;
const MAX_OPERATIONS = 200;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads `POST /__harness/custom-integrations` `{ slug, operations: { <operationId>: { status_code?, data?, echo? } } }`
 * (status_code 100..599, default 200; `echo: true` answers the received body as `data`).
 */
export function parseCustomIntegration(body: unknown): {
  slug: string;
  operations: Map<string, CustomOperation>;
} {
  if (!isObject(body)) throw new BadRequestError('The body must be a JSON object');
  const { slug, operations } = body;
  if (typeof slug !== 'string' || !SLUG.test(slug))
    throw new BadRequestError('slug is required: letters, digits, _ and - (64 at most)');
  if (!isObject(operations) || Object.keys(operations).length === 0)
    throw new BadRequestError('operations must be an object of operationId: { status_code?, data?, echo? }');
  if (Object.keys(operations).length > MAX_OPERATIONS)
    throw new BadRequestError(`operations may hold at most ${MAX_OPERATIONS} entries`);
  const parsed = new Map<string, CustomOperation>();
  for (const [id, answer] of Object.entries(operations)) {
    if (!OPERATION_ID.test(id))
      throw new BadRequestError(`operation id ${JSON.stringify(id.slice(0, 80))} is not a valid name`);
    if (!isObject(answer)) throw new BadRequestError(`operations.${id} must be an object`);
    const { status_code = 200, data = null, echo = false } = answer;
    if (!Number.isInteger(status_code) || (status_code as number) < 100 || (status_code as number) > 599)
      throw new BadRequestError(`operations.${id}.status_code must be an HTTP status (100 to 599)`);
    if (typeof echo !== 'boolean') throw new BadRequestError(`operations.${id}.echo must be true or false`);
    if (echo && answer.data !== undefined)
      throw new BadRequestError(`operations.${id}: give either data or echo, not both`);
    parsed.set(id, { status_code: status_code as number, data, echo });
  }
  return { slug, operations: parsed };
}

/**
 * Custom integrations as the reference client calls them: `POST /apps/{appId}/integrations/custom/{slug}/{operationId}`
 * with `{ ...params, path_params?, query_params? }`, answered `{ success, status_code, data }` (HTTP 200: the
 * platform reports the third-party status inside the answer). Unknown slug or operation: 404.
 */
export function registerCustomIntegrationRoutes(
  app: FastifyInstance,
  ctx: { state: { apps: AppStore }; customIntegrations: CustomIntegrations },
): void {
  app.post('/api/apps/:appId/integrations/custom/:slug/:operationId', async (request) => {
    const { appId, slug, operationId } = request.params as {
      appId: string;
      slug: string;
      operationId: string;
    };
    requireApp(ctx.state, appId);
    const integration = ctx.customIntegrations.get(slug);
    const operation = integration?.get(operationId);
    if (!operation) {
      const what = integration
        ? `Custom integration ${slug} has no operation ${operationId.slice(0, 128)}`
        : `Custom integration ${slug.slice(0, 64)} is not registered`;
      throw new NotFoundError(
        `${what} in the local emulator; register it with POST /__harness/custom-integrations`,
        'integration_not_found',
      );
    }
    // A multipart body is never parsed into request.body: refuse it rather than answer as if nothing was sent. Only a
    // missing body means "no parameters"; a JSON `null` is a body that is not an object.
    const body = request.isMultipart() ? null : request.body === undefined ? {} : request.body;
    if (!isObject(body))
      throw new BadRequestError('A custom integration call needs a JSON object body', 'invalid_body');
    for (const field of ['path_params', 'query_params'] as const) {
      if (body[field] !== undefined && !isObject(body[field]))
        throw new BadRequestError(`${field} must be an object of named values`, 'invalid_body');
    }
    const { status_code, data, echo } = operation;
    return {
      success: status_code >= 200 && status_code < 300,
      status_code,
      data: echo ? body : data,
    };
  });
}
