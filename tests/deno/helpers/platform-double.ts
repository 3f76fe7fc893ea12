/**
 * The platform's API as a function reaches it through `@base44/sdk` (`Base44-Api-Url`), on an ephemeral port: the
 * signed-in user (`GET …/entities/User/me`), the `Order` entity (filter, create, update: service token only, as RLS
 * allows only the service role to create), and `Core.SendEmail`. Every request is recorded as it arrived; a test can make
 * the next SendEmail calls or Order creations fail with a 500.
 */

export const APP_ID = 'app_test';
export const SERVICE_TOKEN = 'service-token-test';

export interface PlatformRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

export interface SentEmail {
  to: string;
  subject: string;
  body: string;
}

export type StoredOrder = Record<string, unknown> & { id: string };

export interface PlatformOptions {
  /** Signed-in users by bearer token. */
  users?: Record<string, { id: string; email: string }>;
  /** Holds `User/me` answers until it resolves (a slow platform). */
  meGate?: Promise<void>;
  /** Delay of each Order filter answer, so that concurrent deliveries overlap. */
  filterDelayMs?: number;
  /** The next this-many SendEmail calls answer 500. */
  failSendEmail?: number;
  /** The next this-many Order creations answer 500 (and store nothing). */
  failOrderCreate?: number;
}

export interface PlatformDouble {
  url: string;
  requests: PlatformRequest[];
  orders: StoredOrder[];
  emails: SentEmail[];
  options: PlatformOptions;
  /** Resolves once every request received so far has been answered. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export function startPlatformDouble(options: PlatformOptions = {}): PlatformDouble {
  const requests: PlatformRequest[] = [];
  const orders: StoredOrder[] = [];
  const emails: SentEmail[] = [];
  const base = `/api/apps/${APP_ID}`;

  const handle = async (req: Request): Promise<Response> => {
    const url = new URL(req.url);
    const text = await req.text();
    const body = text ? JSON.parse(text) : undefined;
    requests.push({
      method: req.method,
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body,
    });
    const bearer = req.headers.get('authorization')?.replace(/^Bearer /, '') ?? '';
    const path = url.pathname;

    if (req.method === 'GET' && path === `${base}/entities/User/me`) {
      await options.meGate;
      const user = options.users?.[bearer];
      return user ? Response.json(user) : Response.json({ message: 'Unauthorized' }, { status: 401 });
    }
    if (bearer !== SERVICE_TOKEN) return Response.json({ message: 'Forbidden' }, { status: 403 });

    if (req.method === 'GET' && path === `${base}/entities/Order`) {
      if (options.filterDelayMs) await new Promise((resolve) => setTimeout(resolve, options.filterDelayMs));
      const query: Record<string, unknown> = JSON.parse(url.searchParams.get('q') ?? '{}');
      return Response.json(orders.filter((order) => Object.entries(query).every(([k, v]) => order[k] === v)));
    }
    if (req.method === 'POST' && path === `${base}/entities/Order`) {
      if (options.failOrderCreate) {
        options.failOrderCreate--;
        return Response.json({ message: 'Database unavailable' }, { status: 500 });
      }
      const order: StoredOrder = { ...body, id: `order_${orders.length + 1}` };
      orders.push(order);
      return Response.json(order);
    }
    const update = new RegExp(`^${base}/entities/Order/([^/]+)$`).exec(path);
    if (req.method === 'PUT' && update) {
      const order = orders.find((candidate) => candidate.id === update[1]);
      if (!order) return Response.json({ message: 'Not found' }, { status: 404 });
      Object.assign(order, body);
      return Response.json(order);
    }
    if (req.method === 'POST' && path === `${base}/integration-endpoints/Core/SendEmail`) {
      if (options.failSendEmail) {
        options.failSendEmail--;
        return Response.json({ message: 'Mail service unavailable' }, { status: 500 });
      }
      emails.push(body);
      return Response.json({ success: true });
    }
    return Response.json({ message: `No route ${req.method} ${path}` }, { status: 404 });
  };

  const pending = new Set<Promise<Response>>();
  const track = (req: Request): Promise<Response> => {
    const answer = handle(req);
    pending.add(answer);
    answer.finally(() => pending.delete(answer)).catch(() => {});
    return answer;
  };
  const server = Deno.serve({ hostname: '127.0.0.1', port: 0, onListen: () => {} }, track);
  return {
    url: `http://127.0.0.1:${server.addr.port}`,
    requests,
    orders,
    emails,
    options,
    idle: async () => {
      await Promise.allSettled(pending);
    },
    close: () => server.shutdown(),
  };
}
