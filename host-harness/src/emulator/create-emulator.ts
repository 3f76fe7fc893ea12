import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  defaultSiteConfig,
  DEFAULTS as SITE_DEFAULTS,
  type SiteConfig,
} from '../../../config/site-config.ts';
import { httpServerOptions, type ServerTimeouts, serverTimeouts } from '../serving/server-timeouts.ts';
import { LocalAgent, mayJoinConversationRoom } from './agents/index.ts';
import { socketIdentity } from './auth/index.ts';
import { FaultRegistry, RequestLog, registerFaults, registerRequestLog } from './control/index.ts';
import { openDatabase } from './core/database.ts';
import { createBaseUrl } from './core/http/base-url.ts';
import { JSON_BODY_LIMIT, registerBodyParsers } from './core/http/body-parsers.ts';
import { registerCors } from './core/http/cors.ts';
import {
  answerClientError,
  answerFrameworkError,
  MAX_PARAM_LENGTH,
  registerErrorHandlers,
} from './core/http/error-handler.ts';
import { registerRequestGuard } from './core/http/request-guard.ts';
import { AJV_OPTIONS, schemaErrorFormatter } from './core/http/route-schema.ts';
import {
  DeployedFunctions,
  Deployments,
  DeployStore,
  functionFilesRoot,
  PublishedSite,
} from './deploy/index.ts';
import { EMULATOR_TABLES, EmulatorState } from './emulator-state.ts';
import { DEFAULT_ENTITIES_DIR, DeclaredEntities, mayJoinEntityRoom, readersOf } from './entities/index.ts';
import {
  DEFAULT_FUNCTIONS_DIR,
  FunctionRunner,
  functionSecrets,
  projectCatalog,
  type RuntimeName,
  runtimeFromEnv,
} from './functions/index.ts';
import type { CustomIntegrations } from './integrations/index.ts';
import { resetProvider } from './payment-provider/index.ts';
import { RealtimeHub } from './realtime/index.ts';
import { registerFeatures } from './register-features.ts';

export interface EmulatorOptions {
  /** Folder for the SQLite file; null or undefined = in-memory (tests). */
  dataDir?: string | null;
  /** Seeded app id, default 'local-app'. */
  appId?: string;
  /** No request logging. */
  quiet?: boolean;
  /**
   * The project's entity declarations (`*.jsonc`), default `<repo>/base44/entities`; null = none. A broken file makes
   * `createEmulator` reject with an error naming it.
   */
  entitiesDir?: string | null;
  /**
   * Origins (besides the harness's own) whose pages may open a realtime socket: the site and the editor origins.
   * Loopback aliases are included (`http://localhost:4401` also allows `http://127.0.0.1:4401`). Default: the site's own
   * origin under `npm start`, `http://localhost:4401`.
   */
  socketOrigins?: readonly string[];
  /**
   * Origins (besides the harness's own) whose pages may call the backend functions: the site and the editor origins,
   * loopback aliases included. Any other page's call is refused (403 `foreign_origin`) before the function runs; tools
   * and servers (no `Origin`) are always answered. Default: the same as `socketOrigins`.
   */
  functionOrigins?: readonly string[];
  /** The project's backend functions (`<name>/function.jsonc` + entry), default `<repo>/base44/functions`. */
  functionsDir?: string;
  /** The site's origin, given to functions as `SITE_ORIGIN` (where checkout returns), default http://localhost:4401. */
  siteOrigin?: string;
  /** Where the paid-order e-mail goes, given to functions as `AGENCY_EMAIL`; default the site's contact e-mail. */
  agencyEmail?: string;
  /** How long a function may take to answer (504 after), default 30 s. */
  functionTimeoutMs?: number;
  /** More environment variables for the functions (tests). */
  functionEnv?: Record<string, string>;
  /** Bounds on slow clients (`serving/server-timeouts.ts`); default `SERVER_TIMEOUTS`. Tests shorten them. */
  timeouts?: Partial<ServerTimeouts>;
  /**
   * The payment provider's stand-in (`host-harness/payments/`), a server of its own: the functions call it there
   * (`STRIPE_API_HOST/PORT`), the documented control paths are forwarded to it, and a reset resets it. Default none.
   */
  paymentProviderUrl?: string | null;
  /** Where functions run: workerd, as deployed (default), or Deno; default from `FUNCTIONS_RUNTIME`. */
  functionsRuntime?: RuntimeName;
  /** Start a function afresh when a file of the project's folder (`base44/`) changes (`npm run dev`). */
  watchFunctions?: boolean;
  /**
   * The published URL of what the platform's CLI deploys (`app_url`): a listener of its own beside the emulator's, on
   * `port` (default 0: any free port; `npm start` uses 4403), serving the deployed site with the security headers
   * of `config` (default: the local build's). Its origin may call the functions (the payment provider's stand-in
   * takes it as a return address too: `siteOrigin` of `createPaymentProvider`).
   */
  publishedSite?: { port?: number; config?: SiteConfig };
}

/** The site's origin under `npm start`: the default page origin allowed to open sockets. */
const DEFAULT_SOCKET_ORIGINS: readonly string[] = ['http://localhost:4401'];

export interface Emulator {
  /** Not listening yet; others may register extra routes/plugins before `listen()`. */
  app: FastifyInstance;
  /** Default port 0 (ephemeral), host '127.0.0.1'; resolves the base URL; attaches socket.io. */
  listen(opts?: { port?: number; host?: string }): Promise<string>;
  /** Closes sockets, server and database. */
  close(): Promise<void>;
  /** Same as POST /__harness/reset (the payment provider's too, when there is one). Function processes stay warm. */
  reset(): Promise<void>;
  /** The backend functions' runner (list, stop one for a cold start). */
  functions: FunctionRunner;
  /** Starts every function of the project, so that the first call does not wait for its start; never rejects. */
  warmFunctions(): Promise<void>;
  /** Where the site the platform's CLI deploys is served (`app_url`, with its trailing slash), once listening. */
  publishedUrl(): string;
}

/**
 * Creates the local platform emulator: one Fastify app over one SQLite-backed state object, with the platform API at
 * `/api`, the login page, realtime on socket.io, and the control API under `/__harness/`. Each feature
 * (`auth/`, `entities/`, `functions/`, …) brings its store, routes and pages; this factory opens the database, wires
 * the features to each other and registers them (`register-features.ts`).
 */
export async function createEmulator(opts: EmulatorOptions = {}): Promise<Emulator> {
  const appId = opts.appId ?? 'local-app';
  // Before anything opens: an unknown FUNCTIONS_RUNTIME stops the start with nothing to clean up.
  const functionsRuntime = opts.functionsRuntime ?? runtimeFromEnv();
  const quiet = opts.quiet ?? false;
  const entitiesDir = opts.entitiesDir === undefined ? DEFAULT_ENTITIES_DIR : opts.entitiesDir;
  const timeouts = serverTimeouts(opts.timeouts);
  // Before the database opens: a broken declaration stops the start with nothing to clean up.
  const declared = entitiesDir === null ? DeclaredEntities.none() : DeclaredEntities.load(entitiesDir);
  const db = openDatabase(opts.dataDir, EMULATOR_TABLES);
  // What the platform's CLI deploys is served in front of the project's base44/ (deploy/).
  const deployStore = new DeployStore(db);
  const functionFiles = functionFilesRoot(opts.dataDir ?? null);
  const deployedFunctions = new DeployedFunctions(
    deployStore,
    appId,
    projectCatalog(path.resolve(opts.functionsDir ?? DEFAULT_FUNCTIONS_DIR)),
    functionFiles,
  );
  let realtime: RealtimeHub | null = null;
  const state: EmulatorState = new EmulatorState(db, appId, (app, entity, type, record) => {
    realtime?.publish(
      `entities:${app}:${entity}`,
      { type, data: record, id: record.id, timestamp: new Date().toISOString() },
      // Declared entities: only sockets whose identity may read the record get the event.
      readersOf(declared.get(entity), record, () => state),
    );
  });
  state.entities.setDeclared((entity) => declared.has(entity));
  realtime = new RealtimeHub({
    identify: (query) => socketIdentity(state, query),
    // Each feature rules on its own rooms; a room none of them knows is refused.
    mayJoin: (who, room) =>
      mayJoinEntityRoom(state, who, room) ?? mayJoinConversationRoom(state, who, room) ?? false,
  });
  let listeningUrl: string | null = null;
  const ownUrl = () => listeningUrl ?? 'http://localhost:4400';
  const functions = new FunctionRunner({
    ...(opts.functionsDir !== undefined ? { functionsDir: opts.functionsDir } : {}),
    ...(opts.functionTimeoutMs !== undefined ? { requestTimeoutMs: opts.functionTimeoutMs } : {}),
    runtime: functionsRuntime,
    quiet,
    catalog: deployedFunctions,
    // The harness's own, then the secrets the app was given through the deploy API (`base44 secrets set`).
    secrets: () => ({
      ...functionSecrets({
        providerUrl: opts.paymentProviderUrl ?? ownUrl(),
        siteOrigin: opts.siteOrigin ?? SITE_DEFAULTS.SITE_ORIGIN,
        agencyEmail: opts.agencyEmail ?? SITE_DEFAULTS.CONTACT_EMAIL,
        ...(opts.functionEnv ? { extra: opts.functionEnv } : {}),
      }),
      ...deployStore.secrets(appId),
    }),
  });
  if (opts.watchFunctions) functions.watch();
  const publishedSite = new PublishedSite({
    config: opts.publishedSite?.config ?? defaultSiteConfig,
    root: opts.dataDir
      ? path.join(opts.dataDir, 'published-site')
      : mkdtempSync(path.join(tmpdir(), 'harness-published-site-')),
    removeOnClose: !opts.dataDir,
    timeouts,
  });
  const deployments = new Deployments({
    appId,
    store: deployStore,
    apps: state.apps,
    entities: state.entities,
    declared,
    catalog: deployedFunctions,
    site: publishedSite,
    functionFiles,
  });
  await deployments.restore();
  // Pages that may open a socket or call a function: the published site's origin joins them once it listens.
  const socketOrigins = [...(opts.socketOrigins ?? DEFAULT_SOCKET_ORIGINS)];
  const functionOrigins = [...(opts.functionOrigins ?? opts.socketOrigins ?? DEFAULT_SOCKET_ORIGINS)];
  const customIntegrations: CustomIntegrations = new Map();
  const ctx = {
    state,
    realtime,
    faults: new FaultRegistry(),
    requests: new RequestLog(),
    agent: new LocalAgent(state, realtime),
    /** Canned answers for installable integration packages, keyed `package/endpoint` (control API). */
    installables: new Map<string, unknown>(),
    /** Canned answers for custom integrations, by slug and operation id (control API). */
    customIntegrations,
    declared,
    baseUrl: createBaseUrl(() => listeningUrl),
    ownUrl,
    functions,
    functionOrigins,
    deployments,
    deployedFunctions,
    deployStore,
    paymentProviderUrl: opts.paymentProviderUrl ?? null,
    quiet,
  };

  const app = Fastify({
    logger: false,
    bodyLimit: JSON_BODY_LIMIT,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    forceCloseConnections: true,
    // Fastify sets these two on the server itself (its defaults: no request bound, 72 s keep-alive); `http` the rest.
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: httpServerOptions(timeouts),
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
    ajv: { customOptions: AJV_OPTIONS },
    schemaErrorFormatter,
  });
  // First: the Host rule covers every route and the control rule is attached to routes as they are declared.
  registerRequestGuard(app);
  registerRequestLog(app, ctx.requests, quiet);
  registerCors(app);
  registerFaults(app, ctx.faults);
  registerErrorHandlers(app, quiet);
  await registerBodyParsers(app);

  const reset = async () => {
    ctx.agent.cancelAll();
    state.reset();
    ctx.faults.clear();
    ctx.requests.clear();
    ctx.installables.clear();
    ctx.customIntegrations.clear();
    deployments.reset();
    ctx.functions.clearLogs();
    ctx.realtime.clearRefusal();
    await resetProvider(ctx.paymentProviderUrl);
  };
  registerFeatures(app, { ...ctx, reset });

  let closed = false;
  return {
    app,
    async listen({ port = 0, host = '127.0.0.1' } = {}) {
      await app.ready();
      const published = await publishedSite.listen(opts.publishedSite?.port ?? 0, host);
      socketOrigins.push(published);
      functionOrigins.push(published);
      ctx.realtime.attach(app.server, socketOrigins);
      await app.listen({ port, host });
      const address = app.server.address();
      const actualPort = typeof address === 'object' && address ? address.port : port;
      const shownHost = host.includes(':') ? `[${host}]` : host;
      listeningUrl = `http://${shownHost}:${actualPort}`;
      return listeningUrl;
    },
    async close() {
      if (closed) return;
      closed = true;
      ctx.agent.cancelAll();
      await Promise.all([ctx.functions.close(), ctx.realtime.close(), publishedSite.close()]);
      await app.close();
      db.close();
    },
    reset,
    functions,
    warmFunctions: () => functions.warm(),
    publishedUrl: () => publishedSite.url(),
  };
}
