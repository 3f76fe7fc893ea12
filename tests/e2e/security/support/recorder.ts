/**
 * Records what a browser context does, for the security tests: uncaught errors, console lines, dialogs, every request
 * (URL and headers) and every attempt to reach a host off this machine (blocked, so a failure cannot leak anything).
 */
import type { BrowserContext, Page, Request } from '@playwright/test';

export interface RecordedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  navigation: boolean;
}

export interface Recording {
  pageErrors: string[];
  console: Array<{ type: string; text: string }>;
  dialogs: string[];
  requests: RecordedRequest[];
  /** Requests to a host other than localhost / 127.0.0.1: answered with an abort, never sent. */
  blocked: string[];
  /** Waits for pending header reads, then returns the requests seen so far. */
  settled(): Promise<RecordedRequest[]>;
}

const LOCAL_HOST = /^(localhost|127\.0\.0\.1|\[::1\])$/;

/** True for an http(s) URL on this machine (and for browser-internal schemes: data:, blob:, about:). */
export function isLocalUrl(raw: string): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (
    url.protocol !== 'http:' &&
    url.protocol !== 'https:' &&
    url.protocol !== 'ws:' &&
    url.protocol !== 'wss:'
  )
    return true;
  return LOCAL_HOST.test(url.hostname);
}

/** Aborts every request that would leave this machine (context-wide, so popups and frames are covered). */
export async function blockExternalHosts(context: BrowserContext, blocked: string[]): Promise<void> {
  await context.route(
    (url) => !isLocalUrl(url.href),
    async (route) => {
      blocked.push(route.request().url());
      await route.abort('blockedbyclient');
    },
  );
}

/**
 * Starts recording `page` (and the frames in it); external hosts are blocked for the whole context. With
 * `fullHeaders: false` the headers are the ones the page set (no extra round trip per request: for long runs).
 */
export async function recordPage(page: Page, { fullHeaders = true } = {}): Promise<Recording> {
  const recording: Omit<Recording, 'settled'> = {
    pageErrors: [],
    console: [],
    dialogs: [],
    requests: [],
    blocked: [],
  };
  const pending: Array<Promise<void>> = [];
  await blockExternalHosts(page.context(), recording.blocked);
  page.on('pageerror', (error) => recording.pageErrors.push(`${error.name}: ${error.message}`));
  page.on('console', (message) => recording.console.push({ type: message.type(), text: message.text() }));
  page.on('dialog', (dialog) => {
    recording.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss().catch(() => {});
  });
  page.on('request', (request: Request) => {
    const entry: RecordedRequest = {
      url: request.url(),
      method: request.method(),
      headers: request.headers(),
      navigation: request.isNavigationRequest(),
    };
    recording.requests.push(entry);
    if (!fullHeaders) return;
    pending.push(
      request
        .allHeaders()
        .then((headers) => {
          entry.headers = headers;
        })
        .catch(() => {}),
    );
  });
  return {
    ...recording,
    async settled() {
      await Promise.all(pending);
      return recording.requests;
    },
  };
}

/** Browser console noise that a failed request always produces (the site cannot suppress it). */
const NETWORK_NOISE = [/^Failed to load resource/, /net::ERR_/];

/** Console errors other than the browser's own report of a failed request and the `allowed` patterns. */
export function unexpectedConsoleErrors(recording: Recording, allowed: RegExp[] = []): string[] {
  return recording.console
    .filter((line) => line.type === 'error')
    .map((line) => line.text)
    .filter((text) => ![...NETWORK_NOISE, ...allowed].some((pattern) => pattern.test(text)));
}
