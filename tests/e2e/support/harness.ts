/** Helpers for end-to-end tests: the harness's control API and the emulator's login, over real HTTP. */
import type { APIRequestContext } from '@playwright/test';

export const SITE = 'http://localhost:4401';
export const HARNESS = 'http://localhost:4400';
export const APP_ID = 'local-app';

export const accounts = {
  admin: { email: 'admin@example.com', password: 'admin1234' },
  user: { email: 'user@example.com', password: 'user1234' },
  outsider: { email: 'outsider@example.com', password: 'outsider1234' },
} as const;

export type AccountName = keyof typeof accounts;

/** Signs in through the emulator's API and returns a real access token. */
export async function signIn(request: APIRequestContext, account: AccountName): Promise<string> {
  const response = await request.post(`${HARNESS}/api/apps/${APP_ID}/auth/login`, {
    data: accounts[account],
  });
  if (!response.ok())
    throw new Error(`login as ${account} failed: ${response.status()} ${await response.text()}`);
  const body = (await response.json()) as { access_token: string };
  return body.access_token;
}

export interface Fault {
  method?: string;
  path: string;
  status?: number;
  delayMs?: number;
  body?: unknown;
  malformed?: boolean;
  drop?: boolean;
  times?: number;
}

export async function addFault(request: APIRequestContext, fault: Fault): Promise<void> {
  const response = await request.post(`${HARNESS}/__harness/faults`, { data: fault });
  if (!response.ok()) throw new Error(`fault rejected: ${response.status()} ${await response.text()}`);
}

export async function clearFaults(request: APIRequestContext): Promise<void> {
  await request.delete(`${HARNESS}/__harness/faults`);
}

export async function setSettings(
  request: APIRequestContext,
  settings: { requireLogin?: boolean; public_settings?: unknown },
): Promise<void> {
  const response = await request.post(`${HARNESS}/__harness/settings`, { data: settings });
  if (!response.ok()) throw new Error(`settings rejected: ${response.status()}`);
}

export interface RecordedRequest {
  method: string;
  path: string;
  query?: unknown;
  status: number;
}

export async function recentRequests(request: APIRequestContext, limit = 200): Promise<RecordedRequest[]> {
  const response = await request.get(`${HARNESS}/__harness/requests?limit=${limit}`);
  const body = (await response.json()) as RecordedRequest[] | { requests: RecordedRequest[] };
  return Array.isArray(body) ? body : body.requests;
}

/** A checkout session of the payment double, as the control API lists it. */
export interface CheckoutSessionRow {
  id: string;
  status: string;
}

export async function checkoutSessions(request: APIRequestContext): Promise<CheckoutSessionRow[]> {
  return (await (await request.get(`${HARNESS}/__harness/checkout-sessions`)).json()) as CheckoutSessionRow[];
}

/** Forgets the stored session of the site's origin (the page must be on the site). */
export async function setSignedOut(page: import('@playwright/test').Page): Promise<void> {
  await page.evaluate(() => localStorage.clear());
}

export async function resetHarness(request: APIRequestContext): Promise<void> {
  const response = await request.post(`${HARNESS}/__harness/reset`);
  if (!response.ok()) throw new Error(`reset failed: ${response.status()}`);
}
