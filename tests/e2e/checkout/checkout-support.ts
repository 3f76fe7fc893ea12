/**
 * The checkout tests' view of a harness: start a checkout from the site or its backend, read the `Order` as the
 * service role, the agency's e-mails about one session, and the payment double's record of it (events, attempts).
 */
import { readSiteConfig } from '../../../config/site-config.ts';
import { APP_ID, HARNESS } from '../support/harness.ts';
import { type APIRequestContext, expect, type Page } from '../support/test.ts';

export const AGENCY_EMAIL = readSiteConfig().contactEmail;
const SERVICE_TOKEN = 'local-service-token';

export interface Order {
  session_id: string;
  status: string;
  amount_total: number;
  monthly_amount: number;
  first_renewal_at: string;
  subscription_status?: string;
  email_sent?: boolean;
}

export interface Email {
  kind: string;
  to: string;
  subject: string;
  body: string;
}

export interface SessionRecord {
  id: string;
  status: string;
  first_renewal_display: string;
  events: {
    id: string;
    type: string;
    delivered: boolean;
    attempts: { status: number | null; ok: boolean }[];
  }[];
}

/** Pricing → Get Started Now → the pay page; the session's id. */
export async function startCheckout(page: Page): Promise<string> {
  await page.goto('/Pricing');
  await page.getByRole('button', { name: 'Get Started Now' }).click();
  await expect(page).toHaveURL(new RegExp(`^${HARNESS}/__harness/pay/cs_test_[A-Za-z0-9]{58}$`));
  return page.url().split('/').pop() ?? '';
}

/** The session's Orders, read as the service role (what the agency's admin would see). */
export async function ordersOf(
  request: APIRequestContext,
  sessionId: string,
  harness = HARNESS,
): Promise<Order[]> {
  const query = `q=${encodeURIComponent(JSON.stringify({ session_id: sessionId }))}`;
  const response = await request.get(`${harness}/api/apps/${APP_ID}/entities/Order?${query}`, {
    headers: { authorization: `Bearer ${SERVICE_TOKEN}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as Order[];
}

/** The agency's e-mails that name this session. */
export async function mailsAbout(
  request: APIRequestContext,
  sessionId: string,
  harness = HARNESS,
): Promise<Email[]> {
  const outbox = (await (await request.get(`${harness}/__harness/outbox`)).json()) as Email[];
  return outbox.filter((m) => m.kind === 'email' && m.to === AGENCY_EMAIL && m.body.includes(sessionId));
}

/** The payment double's record of the session (`GET /__harness/checkout-sessions`). */
export async function sessionRecord(
  request: APIRequestContext,
  sessionId: string,
  harness = HARNESS,
): Promise<SessionRecord> {
  const sessions = (await (
    await request.get(`${harness}/__harness/checkout-sessions`)
  ).json()) as SessionRecord[];
  const found = sessions.find((s) => s.id === sessionId);
  if (!found) throw new Error(`no session ${sessionId} on ${harness}`);
  return found;
}

/** A control call of the payment double for this session (settle, advance, cancel). */
export async function control(
  request: APIRequestContext,
  sessionId: string,
  action: 'settle' | 'advance' | 'cancel',
  body: Record<string, string>,
): Promise<void> {
  const response = await request.post(`${HARNESS}/__harness/checkout-sessions/${sessionId}/${action}`, {
    data: body,
  });
  expect(response.status(), await response.text()).toBe(200);
}
