/**
 * A payment-provider double on an ephemeral port, speaking plain HTTP/1.1 over a raw socket so that a test can also
 * drop a connection without answering (which a `Deno.serve` handler cannot). It records every request as it arrived
 * and answers the calls the functions make, in the provider's shapes at API version 2026-10-28.endive (the SDK's pin):
 * - `POST /v1/checkout/sessions` (docs.stripe.com/api/checkout/sessions/create): form-encoded body; an
 *   `Idempotency-Key` replays the first result (docs.stripe.com/api/idempotent_requests);
 * - `GET /v1/subscriptions/{id}` (docs.stripe.com/api/subscriptions/retrieve), `GET /v1/invoices/{id}`
 *   (docs.stripe.com/api/invoices/retrieve), `GET /v1/disputes/{id}` (docs.stripe.com/api/disputes/retrieve) and
 *   `GET /v1/checkout/sessions/{id}` (docs.stripe.com/api/checkout/sessions/retrieve; its `line_items` only when asked
 *   for with `expand[]=line_items`, as an expandable field is): the objects the test put in `subscriptions`,
 *   `invoices`, `disputes` / `checkoutSessions`, else 404 `resource_missing`;
 * - `GET /v1/invoice_payments` (docs.stripe.com/api/invoice-payment/list): a list of the test's `invoicePayments`,
 *   filtered by `payment[type]` + `payment[payment_intent]` and `invoice`, at most `limit`;
 * - `GET /v1/checkout/sessions` (docs.stripe.com/api/checkout/sessions/list): the test's `checkoutSessions`, filtered
 *   by `subscription`, at most `limit`.
 * Rules it keeps (docs.stripe.com/api/authentication, /api/errors, /api/versioning): a request without this account's
 * secret key is a 401; errors are `{ error: { type, code?, message, param? } }`; it renders only 2026-10-28.endive and
 * refuses a request for any other `Stripe-Version` (or none) rather than guess another version's shapes; an unknown
 * query parameter is a 400 `parameter_unknown`. It shares no code with base44/: the objects are the test's.
 */

export const DOUBLE_API_VERSION = '2026-10-28.endive';

export interface ProviderRequest {
  method: string;
  /** The request target as sent, query included. */
  target: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: string;
  form: URLSearchParams;
}

export interface CreatedSession {
  id: string;
  url: string;
  idempotencyKey: string | null;
}

/**
 * What the next request meets, consumed in order: an error answer, a connection closed before any answer (`drop`), or
 * one closed after the work was done (`drop-after-create`: the answer was lost, not the work).
 */
export type ProviderFault = 'drop' | 'drop-after-create' | { status: number; body: unknown };

type Json = Record<string, unknown>;

export interface ProviderDouble {
  port: number;
  /** The secret key requests must carry. */
  secretKey: string;
  requests: ProviderRequest[];
  sessions: CreatedSession[];
  faults: ProviderFault[];
  /** Sessions answer without a `url` (a malformed answer). */
  omitUrl: boolean;
  /** The provider's objects as they are now, by id: what a retrieve answers. */
  subscriptions: Map<string, Json>;
  invoices: Map<string, Json>;
  disputes: Map<string, Json>;
  invoicePayments: Json[];
  /**
   * Completed checkout sessions, with their `line_items` (the list an expansion answers): a retrieve finds one by id,
   * `GET /v1/checkout/sessions?subscription=…` the one that created a subscription.
   */
  checkoutSessions: Map<string, Json>;
  /** `METHOD /path?query` of each request, for assertions on what was asked. */
  asked(): string[];
  close(): Promise<void>;
}

const HEADER_END = new TextEncoder().encode('\r\n\r\n');

const error = (status: number, type: string, message: string, extra: Json = {}) => ({
  status,
  body: { error: { type, message, ...extra } },
});

/** `GET /v1/invoice_payments` parameters (docs.stripe.com/api/invoice-payment/list). */
const INVOICE_PAYMENT_QUERY = new Set([
  'payment[type]',
  'payment[payment_intent]',
  'payment[payment_record]',
  'invoice',
  'status',
  'limit',
  'starting_after',
  'ending_before',
]);

export function startProviderDouble(secretKey = 'sk_test_deno'): ProviderDouble {
  const listener = Deno.listen({ hostname: '127.0.0.1', port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  const conns = new Set<Deno.Conn>();
  const handling = new Set<Promise<void>>();
  const byKey = new Map<string, Json>();
  const double: ProviderDouble = {
    port,
    secretKey,
    requests: [],
    sessions: [],
    faults: [],
    omitUrl: false,
    subscriptions: new Map(),
    invoices: new Map(),
    disputes: new Map(),
    invoicePayments: [],
    checkoutSessions: new Map(),
    asked: () => double.requests.map((r) => `${r.method} ${decodeURIComponent(r.target)}`),
    async close() {
      listener.close();
      for (const conn of conns) closeQuietly(conn);
      await accepting;
      await Promise.allSettled(handling);
    },
  };

  const createSession = (request: ProviderRequest): Json => {
    const key = request.headers.get('idempotency-key');
    const known = key ? byKey.get(key) : undefined;
    if (known) return known;
    const id = `cs_test_double_${double.sessions.length + 1}`;
    const url = `http://127.0.0.1:${port}/pay/${id}`;
    double.sessions.push({ id, url, idempotencyKey: key });
    const expires = request.form.get('expires_at');
    const session: Json = {
      id,
      object: 'checkout.session',
      mode: request.form.get('mode'),
      status: 'open',
      payment_status: 'unpaid',
      expires_at: expires === null ? null : Number(expires),
      url: double.omitUrl ? null : url,
    };
    if (key) byKey.set(key, session);
    return session;
  };

  const answer = (request: ProviderRequest): { status: number; body: unknown } => {
    const { method, path, query } = request;
    if (request.headers.get('authorization') !== `Bearer ${secretKey}`) {
      return error(401, 'invalid_request_error', 'Invalid API Key provided');
    }
    const version = request.headers.get('stripe-version');
    if (version !== DOUBLE_API_VERSION) {
      return error(
        400,
        'invalid_request_error',
        `This double renders only API version ${DOUBLE_API_VERSION}`,
        {
          param: 'Stripe-Version',
        },
      );
    }
    if (method === 'POST' && path === '/v1/checkout/sessions')
      return { status: 200, body: createSession(request) };
    if (method !== 'GET') return notFound(request);
    const retrieve = /^\/v1\/(subscriptions|invoices|disputes|checkout\/sessions)\/([^/]+)$/.exec(path);
    if (retrieve) {
      const unknown = [...query.keys()].find((name) => !/^expand\[\d*\]$/.test(name));
      if (unknown)
        return error(400, 'invalid_request_error', `Received unknown parameter: ${unknown}`, {
          code: 'parameter_unknown',
          param: unknown,
        });
      const [, kind = '', id = ''] = retrieve;
      const stores: Record<string, [Map<string, Json>, string]> = {
        subscriptions: [double.subscriptions, 'subscription'],
        invoices: [double.invoices, 'invoice'],
        disputes: [double.disputes, 'dispute'],
        'checkout/sessions': [double.checkoutSessions, 'checkout.session'],
      };
      const [store, noun] = stores[kind]!;
      const found = store.get(decodeURIComponent(id));
      if (!found)
        return error(404, 'invalid_request_error', `No such ${noun}: '${id}'`, {
          code: 'resource_missing',
          param: 'id',
        });
      const expanded = [...query.values()].includes('line_items');
      return {
        status: 200,
        body: kind === 'checkout/sessions' && !expanded ? withoutLineItems(found) : found,
      };
    }
    if (path === '/v1/invoice_payments') return listInvoicePayments(query);
    if (path === '/v1/checkout/sessions') return listCheckoutSessions(query);
    return notFound(request);
  };

  const listCheckoutSessions = (query: URLSearchParams): { status: number; body: unknown } => {
    for (const name of query.keys()) {
      if (name !== 'subscription' && name !== 'limit') {
        return error(400, 'invalid_request_error', `Received unknown parameter: ${name}`, {
          code: 'parameter_unknown',
          param: name,
        });
      }
    }
    const limit = Number(query.get('limit') ?? '10');
    const subscription = query.get('subscription');
    const matching = [...double.checkoutSessions.values()].filter(
      (session) => subscription === null || session.subscription === subscription,
    );
    return {
      status: 200,
      body: {
        object: 'list',
        data: matching.slice(0, limit).map(withoutLineItems),
        has_more: matching.length > limit,
        url: '/v1/checkout/sessions',
      },
    };
  };

  const listInvoicePayments = (query: URLSearchParams): { status: number; body: unknown } => {
    for (const name of query.keys()) {
      if (!INVOICE_PAYMENT_QUERY.has(name)) {
        return error(400, 'invalid_request_error', `Received unknown parameter: ${name}`, {
          code: 'parameter_unknown',
          param: name,
        });
      }
    }
    const type = query.get('payment[type]');
    const paymentIntent = query.get('payment[payment_intent]');
    if ((paymentIntent !== null || query.has('payment[payment_record]')) && type === null) {
      return error(400, 'invalid_request_error', 'Missing required param: payment[type].', {
        code: 'parameter_missing',
        param: 'payment[type]',
      });
    }
    if (type !== null && type !== 'payment_intent') {
      // Only PaymentIntent payments exist in this double; anything else it does not guess at.
      return error(
        400,
        'invalid_request_error',
        `This double lists only payment_intent payments, not ${type}`,
        {
          param: 'payment[type]',
        },
      );
    }
    const limit = Number(query.get('limit') ?? '10');
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
      return error(400, 'invalid_request_error', 'limit must be an integer from 1 to 100', {
        param: 'limit',
      });
    }
    const invoice = query.get('invoice');
    const matching = double.invoicePayments.filter((payment) => {
      const { payment_intent: intent } = payment.payment as Json;
      return (
        (paymentIntent === null || intent === paymentIntent) &&
        (invoice === null || payment.invoice === invoice)
      );
    });
    return {
      status: 200,
      body: {
        object: 'list',
        data: matching.slice(0, limit),
        has_more: matching.length > limit,
        url: '/v1/invoice_payments',
      },
    };
  };

  const serve = async (conn: Deno.Conn) => {
    const request = await readRequest(conn);
    if (!request) return;
    double.requests.push(request);
    const fault = double.faults.shift();
    if (fault === 'drop') return;
    if (fault && fault !== 'drop-after-create') return await respond(conn, fault.status, fault.body);
    const { status, body } = answer(request);
    if (fault === 'drop-after-create') return;
    await respond(conn, status, body);
  };

  const accepting = (async () => {
    try {
      for await (const conn of listener) {
        conns.add(conn);
        const run = serve(conn)
          .catch(() => {})
          .finally(() => {
            conns.delete(conn);
            closeQuietly(conn);
            handling.delete(run);
          });
        handling.add(run);
      }
    } catch {
      // The listener was closed.
    }
  })();

  return double;
}

/** A session as answered without `expand[]=line_items`: no `line_items` field. */
function withoutLineItems(session: Json): Json {
  const { line_items: _, ...rest } = session;
  return rest;
}

function notFound(request: ProviderRequest) {
  return error(404, 'invalid_request_error', `Unrecognized request URL (${request.method}: ${request.path})`);
}

async function readRequest(conn: Deno.Conn): Promise<ProviderRequest | null> {
  let buffer = new Uint8Array(0);
  const chunk = new Uint8Array(16_384);
  let headerEnd = -1;
  let contentLength = 0;
  let head = '';
  while (true) {
    if (headerEnd < 0) {
      headerEnd = indexOf(buffer, HEADER_END);
      if (headerEnd >= 0) {
        head = new TextDecoder().decode(buffer.subarray(0, headerEnd));
        const match = /^content-length:\s*(\d+)/im.exec(head);
        contentLength = match ? Number(match[1]) : 0;
      }
    }
    if (headerEnd >= 0 && buffer.length >= headerEnd + 4 + contentLength) break;
    const read = await conn.read(chunk);
    if (read === null) return null;
    const next = new Uint8Array(buffer.length + read);
    next.set(buffer);
    next.set(chunk.subarray(0, read), buffer.length);
    buffer = next;
  }
  const [requestLine = '', ...headerLines] = head.split('\r\n');
  const [method = '', target = ''] = requestLine.split(' ');
  const headers = new Headers();
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  const body = new TextDecoder().decode(buffer.subarray(headerEnd + 4, headerEnd + 4 + contentLength));
  const url = new URL(target, 'http://provider.invalid');
  return {
    method,
    target,
    path: url.pathname,
    query: url.searchParams,
    headers,
    body,
    form: new URLSearchParams(body),
  };
}

async function respond(conn: Deno.Conn, status: number, body: unknown): Promise<void> {
  const payload = new TextEncoder().encode(JSON.stringify(body));
  const head = new TextEncoder().encode(
    `HTTP/1.1 ${status} ${status < 400 ? 'OK' : 'Error'}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${payload.length}\r\nConnection: close\r\n\r\n`,
  );
  const message = new Uint8Array(head.length + payload.length);
  message.set(head);
  message.set(payload, head.length);
  let written = 0;
  while (written < message.length) written += await conn.write(message.subarray(written));
}

function indexOf(haystack: Uint8Array, needle: Uint8Array): number {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

function closeQuietly(conn: Deno.Conn): void {
  try {
    conn.close();
  } catch {
    // Already closed.
  }
}
