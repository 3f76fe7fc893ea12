/**
 * How long a client may hold a connection to the harness's servers (the emulator on :4400, the site on :4401) without
 * finishing its request (docs/security.md, "Servers of the harness and the backend functions": timeouts bound what a
 * slow client can hold). Node's own defaults let a client that sends one byte every few seconds keep a request open for
 * 5 minutes (Fastify even turns the request limit off) and wait a minute for headers, and only look every 30 s. On a
 * developer machine every legitimate request arrives over loopback in milliseconds, even a 50 MB upload, so the bounds
 * below are generous for real clients and short for a slow one.
 */
import type { ServerOptions } from 'node:http';

export interface ServerTimeouts {
  /** From the first byte of a request until its headers are complete (408 after). */
  headersMs: number;
  /** From the first byte of a request until its body is complete (408 after); answering may take longer. */
  requestMs: number;
  /** How long an idle keep-alive connection stays open between requests. */
  keepAliveMs: number;
  /** How often Node looks for requests past these bounds: a slow request is cut at most this long after them. */
  checkIntervalMs: number;
}

/** The bounds of `npm start` and the default of `createEmulator` and `createSiteServer`. */
export const SERVER_TIMEOUTS: Readonly<ServerTimeouts> = {
  headersMs: 10_000,
  requestMs: 30_000,
  keepAliveMs: 5_000,
  checkIntervalMs: 1_000,
};

/** The bounds with some replaced (tests use short ones); Node needs the headers bound within the request bound. */
export function serverTimeouts(overrides: Partial<ServerTimeouts> = {}): ServerTimeouts {
  const timeouts = { ...SERVER_TIMEOUTS, ...overrides };
  for (const [name, value] of Object.entries(timeouts)) {
    if (!Number.isInteger(value) || value <= 0)
      throw new Error(`Server timeout ${name} must be a positive whole number of milliseconds`);
  }
  if (timeouts.headersMs > timeouts.requestMs)
    throw new Error('Server timeout headersMs must not exceed requestMs');
  return timeouts;
}

/** The options of `http.createServer` that apply the bounds. */
export function httpServerOptions(timeouts: ServerTimeouts): ServerOptions {
  return {
    headersTimeout: timeouts.headersMs,
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    connectionsCheckingInterval: timeouts.checkIntervalMs,
  };
}
