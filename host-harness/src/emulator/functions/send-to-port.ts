import { type Agent, request as httpRequest, type IncomingMessage } from 'node:http';
import type { ForwardedRequest, FunctionAnswer } from './function-runtime.ts';
import { CALL_KEY_HEADER, FORWARDED_LIST_HEADER } from './harness-call.ts';

/**
 * One call of a function, to its runtime's loopback port (workerd's or Deno's), with exactly the forwarded headers
 * plus the harness's key and the list of what it forwards. Node's http adds only Host, Content-Length and Connection;
 * `fetch` would add its own Accept, User-Agent and Sec-Fetch-Mode. `runtimeHeaders` are for the runtime itself, outside
 * the forwarded list, so the function never sees them.
 */
export function sendToPort(
  port: number,
  key: string,
  request: ForwardedRequest,
  agent: Agent,
  signal: AbortSignal,
  runtimeHeaders: Record<string, string> = {},
): Promise<FunctionAnswer> {
  return new Promise<IncomingMessage>((resolve, reject) => {
    const body = request.body && request.body.length > 0 ? request.body : null;
    const length = body ? body.length : request.method === 'GET' ? null : 0;
    const headers: Record<string, string> = {
      ...runtimeHeaders,
      ...request.headers,
      [FORWARDED_LIST_HEADER]: Object.keys(request.headers).join(','),
      [CALL_KEY_HEADER]: key,
    };
    if (length !== null) headers['Content-Length'] = String(length);
    const outgoing = httpRequest(
      { host: '127.0.0.1', port, method: request.method, path: request.url, headers, agent, signal },
      resolve,
    );
    outgoing.once('error', reject);
    outgoing.end(body ?? undefined);
  }).then((response) => ({
    status: response.statusCode ?? 502,
    contentType: response.headers['content-type'] ?? null,
    body: response,
  }));
}
