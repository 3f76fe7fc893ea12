import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { type AppStore, requireApp } from '../apps/index.ts';
import { ForbiddenError, NotFoundError } from '../core/errors.ts';
import { JSON_BODY_LIMIT } from '../core/http/body-parsers.ts';
import { functionCallRefusal } from '../core/http/request-guard.ts';
import { forwardedHeaders } from './forwarded-headers.ts';
import type { FunctionAnswer, FunctionRunner } from './function-runner.ts';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
/**
 * A function's answer is served on the harness's origin, beside the control API and the outbox: whatever its type
 * (HTML, SVG, XML, or text a browser could sniff into a page), it never runs as a page there. Callers that fetch
 * JSON are unaffected; a browser that opens an answer gets an inert document in a sandbox with an opaque origin.
 */
const ANSWER_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy':
    "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; sandbox",
};

/**
 * The function's `Location` (a redirect, or a 201's new resource): the runner hands the function's HTTP response back
 * as the body stream, whose headers carry it. Other headers (cookies, CORS) stay behind, as the contract says.
 */
function locationOf(answer: FunctionAnswer): string | null {
  const headers = (answer.body as { headers?: IncomingHttpHeaders } | null)?.headers;
  return typeof headers?.location === 'string' ? headers.location : null;
}

/**
 * Backend functions: a call of `/api/apps/{appId}/functions/{name}` runs the project's own function
 * (`base44/functions/{name}/`) in workerd (or Deno), as the platform does, and answers with what the function answered.
 * This route is the only way in: a function's runtime refuses whatever its runner did not send (harness-call.ts). A
 * page on another origin is refused before the function runs (`functionCallRefusal`; docs/security.md, "Servers of the
 * harness and the backend functions"): the platform documents no Origin rule for functions, and the harness, reachable
 * from every page the machine opens, does not guess one kinder than "tools, servers, and the pages of the harness, the
 * site and the editor".
 */
export function registerFunctionRoutes(
  app: FastifyInstance,
  ctx: {
    state: { apps: AppStore };
    functions: FunctionRunner;
    ownUrl(): string;
    /** Origins (besides the harness's own) whose pages may call functions: the site and the editor. */
    functionOrigins: readonly string[];
  },
): void {
  const { state, functions } = ctx;

  // The function gets the body byte for byte (a webhook's signature covers the raw bytes), so nothing is parsed here.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: JSON_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );

    scope.route({
      method: METHODS,
      url: '/api/apps/:appId/functions/:name',
      onRequest: async (request) => {
        const problem = functionCallRefusal(request.headers, request.socket?.localPort, ctx.functionOrigins);
        if (problem) throw new ForbiddenError(problem, 'foreign_origin');
      },
      handler: async (request, reply) => {
        const { appId, name } = request.params as { appId: string; name: string };
        requireApp(state, appId);
        const fn = functions.find(name);
        if (!fn) throw new NotFoundError(`Function ${name.slice(0, 64)} not found`, 'function_not_found');
        const answer = await functions.invoke(fn, {
          method: request.method,
          url: request.url,
          headers: forwardedHeaders(request.headers, appId, ctx.ownUrl()),
          body: Buffer.isBuffer(request.body) ? request.body : null,
        });
        reply.code(answer.status).headers(ANSWER_HEADERS);
        if (answer.contentType) reply.header('content-type', answer.contentType);
        const location = locationOf(answer);
        if (location !== null) reply.header('location', location);
        return reply.send(answer.body ?? '');
      },
    });
  });
}
