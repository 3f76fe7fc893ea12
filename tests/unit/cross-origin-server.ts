import {
  json,
  type RecordedRequest,
  type RecordingServer,
  type Responder,
} from '../support/recording-server.ts';

/**
 * happy-dom's `fetch` is real HTTP and enforces CORS as a browser does: the page (`http://localhost:3000`) reads a
 * recording server's answers only when the server allows it. This wraps a responder (by default `200 {"ok":true}`) so
 * that the browser's preflight is answered and every answer may be read, as the platform answers the site.
 */
export function allowingThePage(
  responder: Responder = (_request, response) => json(response, 200, { ok: true }),
): Responder {
  return (request, response) => {
    response.setHeader('access-control-allow-origin', '*');
    if (request.method !== 'OPTIONS') return responder(request, response);
    response.writeHead(204, {
      'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE',
      'access-control-allow-headers': String(request.headers['access-control-request-headers'] ?? ''),
    });
    response.end();
  };
}

/** The requests the page made, the browser's preflights left out. */
export function pageRequests(server: RecordingServer): RecordedRequest[] {
  return server.requests.filter((request) => request.method !== 'OPTIONS');
}
