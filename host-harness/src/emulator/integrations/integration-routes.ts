import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireApp } from '../apps/index.ts';
import { type CallerState, callerOf, requireMember } from '../auth/index.ts';
import { BadRequestError, NotFoundError, UnauthorizedError } from '../core/errors.ts';
import { readNamedParams, requiredText } from '../core/http/named-params.ts';
import { type Outbox, sendEmail } from '../email/index.ts';
import { type FileStore, fileUrl } from '../files/index.ts';
import { type CustomIntegrations, registerCustomIntegrationRoutes } from './custom-integrations.ts';

const EMULATED_LLM_PREFIX = '[Emulated LLM answer]';

// A placeholder value for a JSON schema, so that callers asking for structured output get its shape back.
function sampleFor(schema: unknown, depth = 0): unknown {
  if (typeof schema !== 'object' || schema === null || depth > 8) return null;
  const s = schema as Record<string, unknown>;
  switch (s.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      const props = (s.properties ?? {}) as Record<string, unknown>;
      for (const [key, inner] of Object.entries(props)) out[key] = sampleFor(inner, depth + 1);
      return out;
    }
    case 'array':
      return [];
    case 'number':
    case 'integer':
      return 0;
    case 'boolean':
      return false;
    case 'string':
      return EMULATED_LLM_PREFIX;
    default:
      return null;
  }
}

/** What the integration routes use. */
export interface IntegrationsContext {
  state: CallerState & { outbox: Outbox; files: FileStore };
  /** Canned answers for installable integration packages, keyed `package/endpoint` (control API). */
  installables: Map<string, unknown>;
  /** Canned answers for custom integrations, by slug and operation id (control API). */
  customIntegrations: CustomIntegrations;
  /** The emulator's own base URL as the caller reached it (an uploaded file's address). */
  baseUrl(request: FastifyRequest): string;
}

/** Core integrations (SendEmail, UploadFile, InvokeLLM), installable packages and custom integrations. */
export function registerIntegrationRoutes(app: FastifyInstance, ctx: IntegrationsContext): void {
  const { state } = ctx;
  registerCustomIntegrationRoutes(app, ctx);

  app.post('/api/apps/:appId/integration-endpoints/Core/:name', async (request, reply) => {
    const { appId, name } = request.params as { appId: string; name: string };
    requireApp(state, appId);
    const caller = callerOf(state, request);
    if (!caller.account && !caller.service) throw new UnauthorizedError('Sign in to use integrations');
    // The platform sends e-mail for the app's members and the service role only (checked before the body is read).
    if (name === 'SendEmail' && !caller.service) requireMember(state, appId, caller);
    const { values, files } = await readNamedParams(request, `Integration ${name}`);
    switch (name) {
      case 'SendEmail':
        return sendEmail(state.outbox, values);
      case 'UploadFile': {
        const file = files.file;
        if (!file)
          throw new BadRequestError('UploadFile needs a multipart file field named file', 'invalid_body');
        const stored = state.files.add(appId, file.filename, file.mimetype, file.data);
        return { file_url: fileUrl(ctx.baseUrl(request), stored) };
      }
      case 'InvokeLLM': {
        const prompt = requiredText(values, 'prompt', 200_000);
        if (values.response_json_schema !== undefined) return sampleFor(values.response_json_schema);
        const answer = `${EMULATED_LLM_PREFIX} The local emulator does not run a model. Your prompt had ${prompt.length} characters.`;
        // A bare string would go out as text/plain; the platform answers JSON.
        return reply.type('application/json; charset=utf-8').send(JSON.stringify(answer));
      }
      default:
        throw new NotFoundError(
          `Integration Core.${name.slice(0, 64)} is not available in the local emulator`,
          'integration_not_found',
        );
    }
  });

  app.post(
    '/api/apps/:appId/integration-endpoints/installable/:pkg/integration-endpoints/:name',
    async (request) => {
      const { appId, pkg, name } = request.params as { appId: string; pkg: string; name: string };
      requireApp(state, appId);
      const key = `${pkg}/${name}`;
      if (!ctx.installables.has(key)) {
        throw new NotFoundError(
          `Integration package ${pkg.slice(0, 64)} (endpoint ${name.slice(0, 64)}) is not installed in the local emulator; register it with POST /__harness/integrations`,
          'integration_not_installed',
        );
      }
      await readNamedParams(request, `Integration ${name}`);
      return ctx.installables.get(key);
    },
  );
}
