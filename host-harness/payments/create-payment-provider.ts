/** The stand-in as a server of its own: the provider's `/v1` API, its hosted page and its control API (`/__harness/`). */
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { withLoopbackAliases } from '../src/serving/loopback-host.ts';
import { registerPageAssets } from '../src/serving/page-shell.ts';
import { controlRefusal, hostRefusal } from '../src/serving/request-origin.ts';
import { httpServerOptions, type ServerTimeouts, serverTimeouts } from '../src/serving/server-timeouts.ts';
import type { AccountSettings } from './account/account-settings.ts';
import type { DashboardPrice } from './account/dashboard-prices.ts';
import { IDEMPOTENCY_TABLES, IdempotencyStore } from './api/idempotency-store.ts';
import { ProviderError } from './api/provider-error.ts';
import { registerProviderRoutes } from './api/provider-routes.ts';
import { CHECKOUT_SESSION_TABLES, CheckoutSessionStore } from './checkout/checkout-session-store.ts';
import type { PaymentState, PaymentsContext } from './checkout/payment-engine.ts';
import { PaymentDouble } from './checkout/payment-engine.ts';
import { registerPaymentControlRoutes } from './control/payment-control-routes.ts';
import { SEEDED_PRICES, seededAccountSettings } from './dashboard-seed.ts';
import { registerPayPage } from './pay-page/pay-page.ts';
import { ControlError } from './server/control-error.ts';
import { emptyTables, openDatabase } from './server/database.ts';
import { PROVIDER_EVENT_TABLES, ProviderEventStore } from './webhooks/provider-event-store.ts';
import { DEFAULT_RETRY_SCHEDULE, type RetrySchedule } from './webhooks/retry-schedule.ts';

/** The stand-in's options; README.md names what each is for. */
export interface PaymentProviderOptions {
  /** Folder of its SQLite file (`payment-provider.sqlite`); null or undefined: in memory. */
  dataDir?: string | null;
  /** The wall clock in ms (default `Date.now`): the API's "now", before the control API moves it on. */
  clock?: () => number;
  quiet?: boolean;
  /** Where the webhook endpoint is (the platform's route of the webhook function); null: nowhere yet. */
  webhookUrl?: () => string | null;
  /** The origin a session's hosted page is named on (`url`); default this server's own. */
  hostedPageOrigin?: () => string;
  /** The site's origin or origins (and a deploy's published copy): where `success_url` and `cancel_url` may lead. */
  siteOrigin?: string | readonly string[];
  retry?: Partial<RetrySchedule>;
  /** A seed for the order one action's events are delivered in (`HARNESS_EVENT_ORDER_SEED`); null: random. */
  eventOrderSeed?: number | null;
  /** Whether some events are delivered twice, as the provider may (default true; `HARNESS_EVENT_DUPLICATES=0`). */
  duplicateDeliveries?: boolean;
  /** The account's settings over the seeded dashboard's, and its prices instead of the seeded ones; a reset keeps them. */
  account?: Partial<AccountSettings>;
  prices?: Readonly<Record<string, DashboardPrice>>;
  /** Bounds on slow clients (`src/serving/server-timeouts.ts`). */
  timeouts?: Partial<ServerTimeouts>;
}

export interface PaymentProvider {
  /** Not listening yet. */
  app: FastifyInstance;
  /** Default port 0 (ephemeral), host 127.0.0.1; resolves its URL. */
  listen(opts?: { port?: number; host?: string }): Promise<string>;
  /** Back to the seeded state: no sessions or events, the seeded dashboard, its clock. */
  reset(): void;
  close(): Promise<void>;
}

const TABLES = [CHECKOUT_SESSION_TABLES, PROVIDER_EVENT_TABLES, IDEMPOTENCY_TABLES];
/** Control routes whose GET is a page any site may navigate to (the pay page, its stylesheet). */
const PAGE_PREFIXES = ['/__harness/pay/', '/__harness/assets/'];

export async function createPaymentProvider(opts: PaymentProviderOptions = {}): Promise<PaymentProvider> {
  const quiet = opts.quiet ?? false;
  const timeouts = serverTimeouts(opts.timeouts);
  const db = openDatabase(opts.dataDir, TABLES);
  const state: PaymentState = {
    appId: 'acct_harness_local',
    checkoutSessions: new CheckoutSessionStore(db),
    providerEvents: new ProviderEventStore(db),
  };
  let listeningUrl: string | null = null;
  const payments = new PaymentDouble(state, {
    endpoint: () => opts.webhookUrl?.() ?? 'http://127.0.0.1:9/no-webhook-endpoint',
    retry: { ...DEFAULT_RETRY_SCHEDULE, ...opts.retry },
    quiet,
    settings: seededAccountSettings(opts.account),
    prices: opts.prices ?? SEEDED_PRICES,
    eventOrderSeed: opts.eventOrderSeed ?? null,
    duplicateDeliveries: opts.duplicateDeliveries ?? true,
    // Not `[::1]`: Chrome refuses an IPv6 address in a CSP source list, which the pay page's form-action names them in.
    returnOrigins: [opts.siteOrigin ?? 'http://localhost:4401']
      .flat()
      .flatMap(withLoopbackAliases)
      .filter((o) => !o.includes('[::1]')),
    ...(opts.clock ? { clock: opts.clock } : {}),
  });
  const ownUrl = () => opts.hostedPageOrigin?.() ?? listeningUrl ?? 'http://localhost:4402';
  const ctx: PaymentsContext = { state, payments, ownUrl, quiet };
  const app = Fastify({
    logger: false,
    bodyLimit: 64 * 1024,
    routerOptions: { maxParamLength: 500 },
    forceCloseConnections: true,
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: httpServerOptions(timeouts),
    // What the router refuses before any hook runs: answered without echoing the address, the Host rule first.
    frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const foreign = hostRefusal(request.headers, request.socket.localPort);
      if (foreign) return void reply.code(403).send({ message: foreign, code: 'foreign_host' });
      if (error.code === 'FST_ERR_MAX_PARAM_LENGTH')
        return void reply
          .code(414)
          .send({ message: 'A URL parameter is longer than 500 characters', code: 'param_too_long' });
      void reply
        .code(400)
        .send({ message: 'The address is not valid: a URL parameter is malformed', code: 'bad_url' });
    },
  });
  registerGuards(app);
  registerControlPlumbing(app, quiet);
  registerProviderRoutes(app, ctx, new IdempotencyStore(db));
  registerPaymentControlRoutes(app, ctx);
  registerPayPage(app, ctx);
  registerPageAssets(app);
  const reset = () => {
    emptyTables(db, TABLES);
    state.checkoutSessions.resetSequence();
    payments.reset();
  };
  app.get('/__harness/health', async () => ({ ok: true }));
  app.post('/__harness/reset', async () => {
    reset();
    return { ok: true };
  });
  let closed = false;
  return {
    app,
    async listen({ port = 0, host = '127.0.0.1' } = {}) {
      await app.listen({ port, host });
      const address = app.server.address();
      const actualPort = typeof address === 'object' && address ? address.port : port;
      listeningUrl = `http://${host.includes(':') ? `[${host}]` : host}:${actualPort}`;
      // Events stored before a restart (or never delivered) go out again.
      payments.dispatcher.start();
      return listeningUrl;
    },
    reset,
    async close() {
      if (closed) return;
      closed = true;
      await payments.dispatcher.close();
      await app.close();
      db.close();
    },
  };
}

/**
 * The Host rule on every request; on every `/__harness/` route (but the page GETs) and `/v1` route, as each is declared
 * (any spelling of the path the router sends there is judged), the rule that answers tools and its own pages only.
 */
function registerGuards(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const problem = hostRefusal(request.headers, request.socket.localPort);
    if (problem) throw new ControlError(403, problem, 'foreign_host');
  });
  app.addHook('onRoute', (route) => {
    const url = route.url.toLowerCase();
    const api = url.startsWith('/v1');
    if (!api && !url.startsWith('/__harness')) return;
    const guard = async (request: FastifyRequest) => {
      const page =
        (request.method === 'GET' || request.method === 'HEAD') &&
        PAGE_PREFIXES.some((p) => url.startsWith(p));
      const problem = page
        ? null
        : controlRefusal(
            request.headers,
            request.socket.localPort,
            api ? "The provider's API" : 'The control API',
          );
      if (!problem) return;
      throw api
        ? new ProviderError(403, 'invalid_request_error', problem, undefined, 'foreign_origin')
        : new ControlError(403, problem, 'foreign_origin');
    };
    const existing = route.onRequest;
    route.onRequest = existing ? [guard, ...(Array.isArray(existing) ? existing : [existing])] : [guard];
  });
}

/** JSON and form bodies for the control API and the pay page; refusals in the harness's shape `{ message, code }`. */
export function registerControlPlumbing(app: FastifyInstance, quiet: boolean): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new ControlError(400, 'The request body is not valid JSON', 'invalid_json'));
    }
  });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.setErrorHandler((error: FastifyError | ControlError, request, reply) => {
    if (error instanceof ControlError)
      return reply.code(error.status).send({ message: error.message, code: error.code });
    const status = error.statusCode;
    if (status && status >= 400 && status < 500)
      return reply.code(status).send({ message: error.message, code: error.code ?? 'bad_request' });
    if (!quiet) console.error(`payment provider: ${request.method} ${request.url} failed`, error);
    return reply
      .code(500)
      .send({ message: 'The payment provider failed to handle this request', code: 'internal_error' });
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!.slice(0, 200);
    reply.code(404).send({ message: `No such endpoint: ${request.method} ${path}`, code: 'not_found' });
  });
}
