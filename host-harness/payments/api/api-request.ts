/**
 * The plumbing of the double's REST API: the API key (Bearer, or HTTP Basic's user name), the request's API version,
 * form bodies, lists, and answers in the provider's error shape `{ error: { type, message, param?, code? } }`.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { PROVIDER_BODY_LIMIT, PROVIDER_SECRET_KEY } from '../account/provider-config.ts';
import { randomAlphanumeric } from '../server/ids.ts';
import { RENDERED_VERSIONS } from '../webhooks/event-versions.ts';
import { invalidRequest, isProviderError, ProviderError } from './provider-error.ts';
import { describedParams } from './request-schema.ts';

/** What the rules below read of a request (a Fastify request has it): pure functions of its fields. */
export interface RequestFields {
  headers: IncomingHttpHeaders;
  body?: unknown;
  url: string;
}

function apiKeyOf(request: Pick<RequestFields, 'headers'>): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const bearer = /^Bearer\s+(\S+)$/i.exec(header.trim());
  if (bearer) return bearer[1]!;
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header.trim());
  // The key is the user name: what comes before the first colon (all of it without one).
  return basic ? Buffer.from(basic[1]!, 'base64').toString('utf8').split(':')[0]! : null;
}

/** The request's secret key; a 401 without it or with another. */
export function requireKey(request: Pick<RequestFields, 'headers'>): string {
  const key = apiKeyOf(request);
  if (!key)
    throw new ProviderError(
      401,
      'invalid_request_error',
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    );
  const masked = key.length > 8 ? `${key.slice(0, 8)}${'*'.repeat(12)}${key.slice(-4)}` : '****';
  if (key !== PROVIDER_SECRET_KEY)
    throw new ProviderError(
      401,
      'invalid_request_error',
      `Invalid API Key provided: ${masked}`,
      undefined,
      'api_key_invalid',
    );
  return key;
}

/** The API version the request is answered in: its `Stripe-Version`, else the account's default. */
export function requestVersion(request: Pick<RequestFields, 'headers'>, accountDefault: string): string {
  const header = request.headers['stripe-version'];
  if (header === undefined) return accountDefault;
  const version = typeof header === 'string' ? header.trim() : '';
  if (!RENDERED_VERSIONS.includes(version))
    throw invalidRequest(
      `Invalid Stripe API version: ${version.slice(0, 40)} (the local double answers in ${RENDERED_VERSIONS.join(', ')})`,
      undefined,
      'api_version_invalid',
    );
  return version;
}

/** The form body of a request (`application/x-www-form-urlencoded`); any other body is refused. */
export function formBody(request: Pick<RequestFields, 'headers' | 'body'>): string {
  const body = typeof request.body === 'string' ? request.body : '';
  // Without a Content-Type the text tested is 'undefined', which is not the form type either.
  if (body !== '' && !/^application\/x-www-form-urlencoded\b/i.test(String(request.headers['content-type'])))
    throw invalidRequest('Request bodies must be form-encoded (application/x-www-form-urlencoded)');
  return body;
}

export const queryOf = (request: Pick<RequestFields, 'url'>) =>
  new URLSearchParams(request.url.split('?')[1] ?? '');

export const notFound = (kind: string, id: string, param: string) =>
  new ProviderError(
    404,
    'invalid_request_error',
    `No such ${kind}: '${id.slice(0, 100)}'`,
    param,
    'resource_missing',
  );

/** A list in the provider's shape. */
export const list = (url: string, data: unknown[], hasMore = false) => ({
  object: 'list',
  data,
  has_more: hasMore,
  url,
});

/** `limit` of a list request: 1 to 100, default 10. */
export function limitOf(query: URLSearchParams): number {
  const raw = query.get('limit') ?? '10';
  if (!/^\d{1,3}$/.test(raw) || Number(raw) < 1 || Number(raw) > 100)
    throw invalidRequest('Invalid integer: limit must be 1 to 100', 'limit');
  return Number(raw);
}

/** Refuses query parameters a list route of the double does not filter by (they are never ignored). */
export function onlyQuery(query: URLSearchParams, allowed: readonly string[], what: string): void {
  for (const key of query.keys())
    if (!allowed.includes(key))
      throw invalidRequest(
        `${key.slice(0, 100)} is not simulated by the local double when listing ${what}`,
        key,
      );
}

/**
 * A GET of the API (`'GET /v1/invoices/{invoice}'`, its path parameter read as `id`): the key, then the version and the
 * query as the provider's description of it takes them; `answer` is given the version to render in.
 */
export function describedGet(
  scope: FastifyInstance,
  operation: string,
  accountDefault: () => string,
  answer: (request: FastifyRequest & { params: { id: string } }, version: string) => unknown,
): void {
  scope.get(operation.slice('GET /v1'.length).replace(/\{\w+\}/, ':id'), async (request) => {
    requireKey(request);
    const version = requestVersion(request, accountDefault());
    describedParams(operation, request.url.split('?')[1] ?? '', version);
    return answer(request as FastifyRequest & { params: { id: string } }, version);
  });
}

/** The `/v1` scope's plumbing: raw bodies, a request id on every answer, the provider's error shape. */
export function apiScope(scope: FastifyInstance, quiet: boolean): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: PROVIDER_BODY_LIMIT }, (_r, body, done) =>
    done(null, body),
  );
  scope.addHook('onRequest', async (_request, reply) => {
    reply.header('request-id', `req_${randomAlphanumeric(14)}`);
  });
  scope.setErrorHandler((error: FastifyError, request, reply) => {
    if (isProviderError(error)) return reply.code(error.status).send(error.toBody());
    const status = error.statusCode;
    if (status && status >= 400 && status < 500)
      return reply
        .code(status)
        .send(new ProviderError(status, 'invalid_request_error', error.message).toBody());
    if (!quiet) console.error(`payment double: ${request.method} ${request.url} failed`, error);
    return reply
      .code(500)
      .send(new ProviderError(500, 'api_error', 'The payment double failed to handle this request').toBody());
  });
  scope.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!.slice(0, 200);
    reply.code(404).send(invalidRequest(`Unrecognized request URL (${request.method}: ${path}).`).toBody());
  });
}
