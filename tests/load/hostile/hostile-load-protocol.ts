/**
 * Hostile requests at the HTTP level: unknown routes, odd methods and content types, oversized headers, forged
 * credentials, and raw bytes that are not valid HTTP at all.
 */
import {
  bearer,
  type CaseContext,
  type Expectation,
  type HostileRequest,
  json,
} from './hostile-load-cases.ts';

type Variant = [label: string, method: string, path: string, body: string | undefined, expect: Expectation];

const asRequest = (
  category: HostileRequest['category'],
  [label, method, path, body, expect]: Variant,
  headers: Record<string, string>,
): HostileRequest => ({ category, label, method, path, headers, body, expect });

export function unknownRoutes(ctx: CaseContext): HostileRequest {
  const api = `/api/apps/${ctx.app}`;
  return asRequest(
    'unknown-routes',
    ctx.rng.pick<Variant>([
      ['unknown api', 'GET', `${api}/nope`, undefined, '4xx'],
      ['unknown version', 'POST', '/api/v2/anything', '{}', '4xx'],
      ['wp-admin', 'GET', '/wp-admin/', undefined, '4xx'],
      ['.env', 'GET', '/.env', undefined, '4xx'],
      ['.git/config', 'GET', '/.git/config', undefined, '4xx'],
      ['too many segments', 'GET', `${api}/entities/${ctx.entity}/x/y/z`, undefined, '4xx'],
      ['8 KB path', 'GET', `/${'a'.repeat(8000)}`, undefined, '4xx'],
      ['double slashes', 'GET', '//api//apps', undefined, '4xx'],
      ['empty entity', 'GET', `${api}/entities/`, undefined, '4xx'],
      ['bad percent', 'GET', '/api/%E0%A4%A', undefined, '4xx'],
      ['lone percent', 'GET', '/api/apps/%', undefined, '4xx'],
      ['unknown control route', 'POST', '/__harness/nope', '{}', '4xx'],
      ['unknown integration', 'POST', `${api}/integration-endpoints/Core/Nope`, '{}', '4xx'],
      [
        'uninstalled package',
        'POST',
        `${api}/integration-endpoints/installable/evil/integration-endpoints/x`,
        '{}',
        '4xx',
      ],
      ['unknown app', 'GET', '/api/apps/no-such-app/entities/Lead', undefined, '4xx'],
      ['files without id', 'GET', '/files', undefined, '4xx'],
    ]),
    { ...json, ...bearer(ctx.userToken) },
  );
}

export function badMethods(ctx: CaseContext): HostileRequest {
  const list = `/api/apps/${ctx.app}/entities/${ctx.entity}`;
  return asRequest(
    'bad-methods',
    ctx.rng.pick<Variant>([
      ['PATCH a record', 'PATCH', `${list}/x`, '{}', '4xx'],
      ['PUT a collection', 'PUT', list, '{}', '4xx'],
      ['POST a record', 'POST', `${list}/x`, '{}', '4xx'],
      ['DELETE login', 'DELETE', `/api/apps/${ctx.app}/auth/login`, undefined, '4xx'],
      ['PROPFIND', 'PROPFIND', list, undefined, '4xx'],
      ['TRACE', 'TRACE', list, undefined, '4xx'],
      ['MKCOL', 'MKCOL', '/files', undefined, '4xx'],
      ['GET health with a body', 'GET', '/__harness/health', '{"a":1}', 'not-5xx'],
      ['OPTIONS without preflight', 'OPTIONS', list, undefined, 'not-5xx'],
      ['HEAD a list', 'HEAD', list, undefined, 'not-5xx'],
    ]),
    { ...json, ...bearer(ctx.userToken) },
  );
}

export function badContentTypes(ctx: CaseContext): HostileRequest {
  const api = `/api/apps/${ctx.app}`;
  const victim = `${api}/entities/${ctx.victimEntity}`;
  const upload = `${api}/integration-endpoints/Core/UploadFile`;
  const [label, method, path, body, expect, type] = ctx.rng.pick<[...Variant, string | null]>([
    ['text/plain record', 'POST', victim, '{"a":1}', '4xx', 'text/plain'],
    ['xml record', 'POST', victim, '<a>1</a>', '4xx', 'application/xml'],
    ['vnd+json record', 'POST', victim, '{"a":1}', '4xx', 'application/vnd.api+json'],
    ['no content type', 'POST', victim, '{"a":1}', '4xx', null],
    ['json type, form body', 'POST', victim, 'a=b&c=d', '4xx', 'application/json'],
    ['multipart without boundary', 'POST', upload, 'x', '4xx', 'multipart/form-data'],
    ['multipart garbage', 'POST', upload, '--b\r\nnonsense', '4xx', 'multipart/form-data; boundary=b'],
    ['multipart record', 'POST', victim, '--b\r\n\r\n--b--', '4xx', 'multipart/form-data; boundary=b'],
    [
      'form login',
      'POST',
      `${api}/auth/login`,
      'email=x&password=y',
      '4xx',
      'application/x-www-form-urlencoded',
    ],
    ['form record', 'POST', victim, 'name=form', 'not-5xx', 'application/x-www-form-urlencoded'],
    ['json utf-16 charset', 'POST', victim, '{"a":1}', 'not-5xx', 'application/json; charset=utf-16'],
    ['two types', 'POST', victim, '{"a":1}', 'not-5xx', 'application/json, text/plain'],
    ['garbage type', 'POST', victim, '{"a":1}', '4xx', ';;;=== /'],
  ]);
  const headers: Record<string, string> = bearer(ctx.userToken);
  if (type) headers['content-type'] = type;
  return asRequest('bad-content-types', [label, method, path, body, expect], headers);
}

export function oversizedHeaders(ctx: CaseContext): HostileRequest {
  const list = `/api/apps/${ctx.app}/entities/${ctx.entity}?limit=1`;
  const many = Object.fromEntries(Array.from({ length: 150 }, (_, i) => [`x-filler-${i}`, 'v'.repeat(40)]));
  const [label, headers, expect] = ctx.rng.pick<[string, Record<string, string>, Expectation]>([
    ['8 KB header', { 'x-filler': 'a'.repeat(8_000) }, '2xx'],
    ['20 KB header', { 'x-filler': 'a'.repeat(20_000) }, '4xx'],
    ['150 headers', many, '2xx'],
    ['8 KB bearer', { authorization: `Bearer ${'a'.repeat(8_000)}` }, '2xx'],
    ['10 KB cookie', { cookie: `session=${'c'.repeat(10_000)}` }, '2xx'],
    ['long anonymous id', { 'x-base44-anonymous-id': 'z'.repeat(4_000) }, '2xx'],
  ]);
  return { category: 'oversized-headers', label, method: 'GET', path: list, headers, expect };
}

export function hostileAuth(ctx: CaseContext): HostileRequest {
  const api = `/api/apps/${ctx.app}`;
  const me = `${api}/entities/User/me`;
  const roll = ctx.rng.next();
  if (roll < 0.6) {
    const authorization = ctx.rng.pick([
      'Bearer',
      'Bearer   ',
      'Basic YWRtaW46YWRtaW4=',
      "Bearer ' OR '1'='1",
      'Bearer ../../etc/passwd',
      'Bearer null',
      'Bearer local-service-token-x',
      `Bearer ${ctx.userToken}x`,
      `Bearer ${ctx.userToken.slice(0, -1)}`,
      'bearer\ttoken',
    ]);
    return {
      category: 'hostile-auth',
      label: `me with ${authorization.slice(0, 20)}`,
      method: 'GET',
      path: me,
      headers: { authorization },
      expect: '4xx',
    };
  }
  return asRequest(
    'hostile-auth',
    ctx.rng.pick<Variant>([
      [
        'login $ne injection',
        'POST',
        `${api}/auth/login`,
        '{"email":{"$ne":null},"password":{"$ne":null}}',
        '4xx',
      ],
      [
        'login wrong password',
        'POST',
        `${api}/auth/login`,
        '{"email":"admin@example.com","password":"admin"}',
        '4xx',
      ],
      ['login SQL in email', 'POST', `${api}/auth/login`, `{"email":"' OR 1=1 --","password":"x"}`, '4xx'],
      ['users list as a user', 'GET', `${api}/entities/User`, undefined, '4xx'],
      ['User create', 'POST', `${api}/entities/User`, '{"email":"x@example.com","role":"admin"}', '4xx'],
      [
        'invite as a user',
        'POST',
        `${api}/users/invite-user`,
        '{"user_email":"x@example.com","role":"admin"}',
        '4xx',
      ],
      [
        'register bad e-mail',
        'POST',
        `${api}/auth/register`,
        '{"email":"not-an-email","password":"x"}',
        '4xx',
      ],
      [
        'control API reset from a page',
        'POST',
        '/__harness/faults',
        '{"path":"/__harness/reset","status":500}',
        '4xx',
      ],
    ]),
    { ...json, ...bearer(ctx.userToken) },
  );
}

/** Raw bytes on a socket: the runner reads the status line of whatever comes back. */
export function rawHttp(ctx: CaseContext): HostileRequest {
  const [label, raw] = ctx.rng.pick<[string, string]>([
    ['HTTP/9.9', 'GET / HTTP/9.9\r\nHost: x\r\n\r\n'],
    ['no Host', 'GET / HTTP/1.1\r\n\r\n'],
    ['binary garbage', '\x00\x01\x02\x03garbage\r\n\r\n'],
    ['negative length', 'POST /api HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n'],
    [
      'length and chunked',
      'POST /api HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    ],
    [
      'bad chunk size',
      `POST /api/apps/${ctx.app}/entities/X HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\nzz\r\n\r\n`,
    ],
    ['two lengths', 'GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n'],
    ['unknown method', 'BREW /pot HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['control character in path', 'GET /\x7f HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['header without colon', 'GET / HTTP/1.1\r\nHost: x\r\nbroken header\r\n\r\n'],
  ]);
  return { category: 'raw-http', label, method: 'RAW', path: label, raw, expect: '4xx' };
}
