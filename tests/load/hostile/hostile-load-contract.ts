/**
 * Line breaks in header fields, and bodies off the contract. SendEmail and the auth routes refuse CR, LF, U+0085,
 * U+2028 and U+2029 in what becomes an e-mail header; the HTTP parsers of both servers refuse stray CR and LF in a
 * request's own head; Pay and Cancel refuse bodies that are not the page's form; JSON `null` is not "no parameters";
 * long or malformed path parameters get the emulator's own answer, without the path; `$inc` on `User/me` leaves the
 * protected fields alone. At the end nothing refused was sent, paid or changed (`verifyContract`).
 */
import type http from 'node:http';
import { bearer, type CaseContext, type HostileRequest, json } from './hostile-load-cases.ts';
import { send } from './hostile-load-http.ts';
import type { Violation } from './hostile-load-report.ts';

const LINE_BREAKS: [name: string, text: string][] = [
  ['CR', '\r'],
  ['LF', '\n'],
  ['CRLF', '\r\n'],
  ['NEL', '\u0085'],
  ['LS', '\u2028'],
  ['PS', '\u2029'],
];
const LINE_BREAK = /[\r\n\u0085\u2028\u2029]/;
/** Addresses the auth cases use: none may ever receive a message, cleaned or not. */
const REFUSED_PREFIX = 'line-break-';
const MAIL = { to: 'team@example.com', subject: 'New lead', body: 'Hello\nthere', from_name: 'Website' };
const CUSTOM = { slug: 'hostile', operation: 'echo' };
const INSTALLABLE = { package: 'hostile', endpoint: 'run' };
const PROVIDER_KEY = 'sk_test_harness_local';
const LONG_PARAM = /^\{"message":"A URL parameter is longer than 500 characters","code":"param_too_long"\}$/;
const BAD_URL = /^\{"message":"The address is not valid: a URL parameter is malformed","code":"bad_url"\}$/;

const sendEmailPath = (ctx: CaseContext) => `/api/apps/${ctx.app}/integration-endpoints/Core/SendEmail`;

/** SendEmail and the auth routes with a line break in a header field, a clean e-mail, or a raw request with one. */
export function headerLineBreaks(ctx: CaseContext): HostileRequest {
  const [name, ch] = ctx.rng.pick(LINE_BREAKS);
  const roll = ctx.rng.next();
  const base = { category: 'header-line-breaks', method: 'POST' } as const;
  if (roll < 0.4) {
    const field = ctx.rng.pick(['to', 'subject', 'from_name'] as const);
    const value =
      field === 'to' ? `team@example.com${ch}Bcc: all@example.com` : `Hi${ch}Bcc: all@example.com`;
    return {
      ...base,
      label: `SendEmail, ${name} in ${field}`,
      path: sendEmailPath(ctx),
      headers: { ...json, ...bearer(ctx.userToken) },
      body: JSON.stringify({ ...MAIL, [field]: value }),
      expect: '4xx',
      statuses: [400],
      answerMatches: /"code":"invalid_header_field"/,
    };
  }
  if (roll < 0.5) {
    return {
      ...base,
      label: 'SendEmail, line breaks in the body only',
      path: sendEmailPath(ctx),
      headers: { ...json, ...bearer(ctx.userToken) },
      body: JSON.stringify({ ...MAIL, body: `Line one${ch}line two` }),
      expect: '2xx',
      onSuccess() {
        ctx.contract.mailsAcknowledged++;
        return null;
      },
    };
  }
  if (roll < 0.7) {
    const route = ctx.rng.pick(['register', 'resend-otp', 'reset-password-request']);
    const local = `${REFUSED_PREFIX}${ctx.nextSeq()}`;
    const email = ctx.rng.next() < 0.5 ? `${local}@example.com${ch}` : `${local}${ch}@example.com`;
    return {
      ...base,
      label: `${route}, ${name} in the address`,
      path: `/api/apps/${ctx.app}/auth/${route}`,
      headers: json,
      body: JSON.stringify({ email, password: 'long enough 1' }),
      expect: '4xx',
      statuses: [400],
      answerMatches: /"code":"invalid_email"/,
    };
  }
  const site = ctx.rng.next() < 0.4;
  const host = `127.0.0.1:${site ? ctx.sitePort : ctx.harnessPort}`;
  const path = site ? '/Pricing' : '/__harness/health';
  const [label, raw] = ctx.rng.pick<[string, string]>([
    ['bare CR in a header value', `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nX-A: b\rX-Injected: c\r\n\r\n`],
    ['bare LF line ends', `GET ${path} HTTP/1.1\nHost: ${host}\nX-Injected: c\n\n`],
    ['folded header line', `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nX-A: b\r\n X-Injected: c\r\n\r\n`],
    ['LF inside the Host line', `GET ${path} HTTP/1.1\r\nHost: ${host}\nX-Injected: c\r\n\r\n`],
    ['CR in the request target', `GET ${path}\rX HTTP/1.1\r\nHost: ${host}\r\n\r\n`],
  ]);
  return {
    category: 'header-line-breaks',
    label: `${site ? 'site' : 'harness'}: ${label}`,
    method: 'RAW',
    path: label,
    raw,
    target: site ? 'site' : 'harness',
    expect: '4xx',
    statuses: [400],
  };
}

function payBody(ctx: CaseContext): { label: string; type: string; body: string } {
  return ctx.rng.pick([
    { label: 'JSON', type: 'application/json', body: '{"email":"buyer@example.com"}' },
    { label: 'empty JSON', type: 'application/json', body: '{}' },
    {
      label: 'multipart',
      type: 'multipart/form-data; boundary=b',
      body: '--b\r\nContent-Disposition: form-data; name="email"\r\n\r\nbuyer@example.com\r\n--b--\r\n',
    },
    { label: 'text', type: 'text/plain', body: 'email=buyer@example.com' },
    { label: 'XML', type: 'application/xml', body: '<email>buyer@example.com</email>' },
  ]);
}

/** Bodies and addresses off the contract: each gets a 4xx in the emulator's shape, or (User/me) changes nothing owned. */
export function offContractBodies(ctx: CaseContext): HostileRequest {
  const api = `/api/apps/${ctx.app}`;
  const roll = ctx.rng.next();
  const base = { category: 'off-contract-bodies' } as const;
  if (roll < 0.3) {
    const { label, type, body } = payBody(ctx);
    const action = ctx.rng.next() < 0.75 ? 'pay' : 'cancel';
    return {
      ...base,
      label: `${action} with a ${label} body`,
      method: 'POST',
      path: `/__harness/pay/${ctx.contract.openSessionId}/${action}`,
      headers: { 'content-type': type },
      body,
      expect: '4xx',
      statuses: [400],
      answerMatches: /"code":"invalid_body"/,
    };
  }
  if (roll < 0.5) {
    const path = ctx.rng.pick([
      `${api}/integrations/custom/${CUSTOM.slug}/${CUSTOM.operation}`,
      `${api}/integration-endpoints/installable/${INSTALLABLE.package}/integration-endpoints/${INSTALLABLE.endpoint}`,
      `${api}/integration-endpoints/Core/InvokeLLM`,
      `${api}/integration-endpoints/Core/SendEmail`,
    ]);
    return {
      ...base,
      label: `JSON null to ${path.split('/').slice(-2).join('/')}`,
      method: 'POST',
      path,
      headers: { ...json, ...bearer(ctx.userToken) },
      body: 'null',
      expect: '4xx',
      statuses: [400],
      answerMatches: /"code":"invalid_body"/,
    };
  }
  if (roll < 0.75) {
    const long = 'p'.repeat(ctx.rng.int(501, 4_000));
    const malformed = ctx.rng.next() < 0.25;
    const param = malformed ? `%E0%A4%A${long.slice(0, 40)}` : long;
    const path = ctx.rng.pick([
      `${api}/entities/${param}`,
      `${api}/entities/${ctx.victimEntity}/${param}`,
      `/api/apps/${param}/entities/Item`,
      `/__harness/pay/${param}`,
      `/files/${param}/name.txt`,
    ]);
    return {
      ...base,
      label: malformed ? 'malformed path parameter' : `path parameter of ${long.length} characters`,
      method: 'GET',
      path,
      headers: bearer(ctx.userToken),
      expect: '4xx',
      statuses: [malformed ? 400 : 414],
      answerMatches: malformed ? BAD_URL : LONG_PARAM,
    };
  }
  const inc = ctx.rng.pick([
    { role: 1 },
    { email: 1 },
    { role: -1, visits: 1 },
    { email: 2, role: 3, visits: 1 },
  ]);
  return {
    ...base,
    label: `$inc ${Object.keys(inc).join(', ')} on User/me`,
    method: 'PUT',
    path: `${api}/entities/User/me`,
    headers: { ...json, ...bearer(ctx.userToken) },
    body: JSON.stringify({ $inc: inc }),
    expect: '2xx',
    onSuccess(body) {
      const user = body as { role?: unknown; email?: unknown };
      return user.role === 'user' && user.email === 'user@example.com'
        ? null
        : `User/me became role ${JSON.stringify(user.role)}, email ${JSON.stringify(user.email)}`;
    },
  };
}

/** Before the run: a checkout session for the hostile Pay posts, and the integrations the JSON-null calls reach. */
export async function setupContract(
  base: string,
  providerBase: string,
  agent: http.Agent,
): Promise<{ openSessionId: string }> {
  const session = await send(providerBase, agent, {
    method: 'POST',
    path: '/v1/checkout/sessions',
    headers: { authorization: `Bearer ${PROVIDER_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      mode: 'payment',
      'line_items[0][price_data][currency]': 'gbp',
      'line_items[0][price_data][unit_amount]': '1250',
      'line_items[0][price_data][product_data][name]': 'Hostile audit',
      'line_items[0][quantity]': '1',
      success_url: 'http://localhost:4401/PaymentSuccess?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:4401/Pricing',
    }).toString(),
  });
  const control = (path: string, body: unknown) =>
    send(base, agent, { method: 'POST', path, headers: json, body: JSON.stringify(body) });
  const custom = await control('/__harness/custom-integrations', {
    slug: CUSTOM.slug,
    operations: { [CUSTOM.operation]: { echo: true } },
  });
  const installable = await control('/__harness/integrations', { ...INSTALLABLE, response: { ok: true } });
  for (const answer of [session, custom, installable])
    if (answer.status !== 200) throw new Error(`hostile-load setup failed: ${answer.status} ${answer.text}`);
  return { openSessionId: (JSON.parse(session.text) as { id: string }).id };
}

/** After the run: the session is still open, the outbox holds exactly the acknowledged e-mails, User/me is intact. */
export async function verifyContract(
  base: string,
  agent: http.Agent,
  ctx: CaseContext,
): Promise<Violation[]> {
  const violations: Violation[] = [];
  const read = async (path: string, headers: Record<string, string> = {}) =>
    JSON.parse((await send(base, agent, { method: 'GET', path, headers })).text) as unknown;
  const fail = (category: Violation['category'], label: string, detail: string) =>
    violations.push({ category, label, detail });
  const sessions = (await read('/__harness/checkout-sessions')) as { id: string; status: string }[];
  const status = sessions.find((o) => o.id === ctx.contract.openSessionId)?.status;
  if (status !== 'open') fail('off-contract-bodies', 'the session hostile posts targeted', `is ${status}`);
  const outbox = (await read('/__harness/outbox')) as Record<string, unknown>[];
  const mails = outbox.filter((m) => m.kind === 'email').length;
  if (mails !== ctx.contract.mailsAcknowledged)
    fail(
      'header-line-breaks',
      'e-mails in the outbox',
      `${mails} sent, ${ctx.contract.mailsAcknowledged} acknowledged`,
    );
  for (const message of outbox) {
    const fields = [message.to, message.subject, message.from_name].filter(
      (v) => typeof v === 'string',
    ) as string[];
    if (fields.some((v) => LINE_BREAK.test(v)) || String(message.to).startsWith(REFUSED_PREFIX))
      fail('header-line-breaks', 'a refused message was sent', JSON.stringify(message).slice(0, 160));
  }
  const me = (await read(`/api/apps/${ctx.app}/entities/User/me`, bearer(ctx.userToken))) as Record<
    string,
    unknown
  >;
  if (me.role !== 'user' || me.email !== 'user@example.com')
    fail(
      'off-contract-bodies',
      'User/me after the run',
      `role ${String(me.role)}, email ${String(me.email)}`,
    );
  return violations;
}
