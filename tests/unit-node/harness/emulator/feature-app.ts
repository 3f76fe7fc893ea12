/**
 * Shared helper for the unit tests of the emulator's features: the emulator's real state over an in-memory SQLite
 * database, and a Fastify app holding only the feature's routes (with the emulator's error handler and body parsers),
 * called through `app.inject`: no server is started and no port is opened. Tokens of the seeded accounts come from
 * their account store, as the sign-in routes issue them.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import {
  SEEDED_ACCOUNTS,
  SERVICE_TOKEN,
} from '../../../../host-harness/src/emulator/auth/seeded-accounts.ts';
import { openDatabase } from '../../../../host-harness/src/emulator/core/database.ts';
import { ApiError } from '../../../../host-harness/src/emulator/core/errors.ts';
import { registerBodyParsers } from '../../../../host-harness/src/emulator/core/http/body-parsers.ts';
import {
  MAX_PARAM_LENGTH,
  registerErrorHandlers,
} from '../../../../host-harness/src/emulator/core/http/error-handler.ts';
import {
  AJV_OPTIONS,
  schemaErrorFormatter,
} from '../../../../host-harness/src/emulator/core/http/route-schema.ts';
import { EMULATOR_TABLES, EmulatorState } from '../../../../host-harness/src/emulator/emulator-state.ts';

export const APP = 'local-app';
export { SERVICE_TOKEN };

/** The seeded accounts: two members (an admin and a user) and an outsider who signs in but is not a member. */
export type Who = 'admin' | 'user' | 'outsider';

export const ACCOUNT_IDS: Record<Who, string> = {
  admin: SEEDED_ACCOUNTS[0].id,
  user: SEEDED_ACCOUNTS[1].id,
  outsider: SEEDED_ACCOUNTS[2].id,
};

export const EMAILS: Record<Who, string> = {
  admin: SEEDED_ACCOUNTS[0].email,
  user: SEEDED_ACCOUNTS[1].email,
  outsider: SEEDED_ACCOUNTS[2].email,
};

/** How a call was refused (the status, code and message of the platform error it threw), or null when it passed. */
export function refusal(
  run: () => unknown,
): { status: number; code: string | undefined; message: string } | null {
  try {
    run();
    return null;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { status: error.status, code: error.code, message: error.message };
  }
}

/** A fresh emulator state (seeded app and accounts) over an in-memory database. */
export function memoryState(appId = APP): EmulatorState {
  return new EmulatorState(openDatabase(null, EMULATOR_TABLES), appId, () => {});
}

export interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: answers are free-form JSON; each test checks the shape it needs
  body: any;
  text: string;
  headers: Record<string, string | string[] | number | undefined>;
}

export interface CallOptions {
  /** A bearer token, or the name of a seeded account to sign in as. */
  as?: Who | 'service';
  token?: string;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is. */
  payload?: string | Buffer;
  headers?: Record<string, string>;
}

export interface FeatureApp {
  app: FastifyInstance;
  state: EmulatorState;
  call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, opts?: CallOptions): Promise<Answer>;
  close(): Promise<void>;
}

/** A Fastify app with the emulator's error handler, body parsers, URL and schema rules, and the routes `register` adds. */
export async function featureApp(
  register: (app: FastifyInstance, state: EmulatorState) => void,
  state: EmulatorState = memoryState(),
): Promise<FeatureApp> {
  const app = Fastify({
    logger: false,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    ajv: { customOptions: AJV_OPTIONS },
    schemaErrorFormatter,
  });
  registerErrorHandlers(app, true);
  await registerBodyParsers(app);
  register(app, state);
  await app.ready();
  return {
    app,
    state,
    async call(method, url, opts = {}) {
      const headers: Record<string, string> = { ...opts.headers };
      const token =
        opts.token ??
        (opts.as === 'service'
          ? SERVICE_TOKEN
          : opts.as
            ? state.accounts.issueToken(ACCOUNT_IDS[opts.as])
            : undefined);
      if (token !== undefined) headers.authorization = `Bearer ${token}`;
      let payload = opts.payload;
      if (opts.body !== undefined) {
        payload = JSON.stringify(opts.body);
        headers['content-type'] ??= 'application/json';
      }
      const response = await app.inject({
        method,
        url,
        headers,
        ...(payload !== undefined ? { payload } : {}),
      });
      let body: unknown = response.body;
      try {
        body = JSON.parse(response.body);
      } catch {}
      return { status: response.statusCode, body, text: response.body, headers: response.headers };
    },
    async close() {
      await app.close();
      state.db.close();
    },
  };
}

/** A multipart body (fields as text, files with a name and type) and its content type. */
export function multipart(
  parts: { name: string; value: string | Buffer; filename?: string; type?: string }[],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----unit-test-boundary-7d2f';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      part.filename === undefined
        ? `form-data; name="${part.name}"`
        : `form-data; name="${part.name}"; filename="${part.filename}"`;
    const type = part.type === undefined ? '' : `Content-Type: ${part.type}\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(typeof part.value === 'string' ? Buffer.from(part.value) : part.value);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
