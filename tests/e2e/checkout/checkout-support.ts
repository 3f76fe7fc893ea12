/**
 * The checkout tests' view of a harness: start a checkout from the site, pay on the payment double's page as a buyer
 * would, read the `Order` of the purchase as the service role (one per subscription: the subscription is what every
 * event of a purchase names), the agency's e-mails about that subscription, and the payment double's record of the
 * session (its subscription, invoices, disputes, clock and events with their delivery attempts).
 */
import { readSiteConfig } from '../../../config/site-config.ts';
import {
  CURRENCY,
  MONTHLY_PENCE,
  MONTHLY_TEXT,
  PACKAGE,
  SETUP_PENCE,
  SETUP_TEXT,
} from '../../support/spec-figures.ts';
import { APP_ID, HARNESS, SITE } from '../support/harness.ts';
import { type APIRequestContext, expect, type Page } from '../support/test.ts';

export const AGENCY_EMAIL = readSiteConfig().contactEmail;
const SERVICE_TOKEN = 'local-service-token';

/** The address a signed-out buyer types on the pay page (the site prefills none for them). */
export const BUYER_EMAIL = 'buyer@example.com';

export interface OrderDispute {
  id: string;
  amount: number;
  currency: string;
  reason?: string;
  created_at?: string;
}

export interface Order {
  id: string;
  subscription_id: string;
  status: 'pending' | 'paid' | 'failed';
  session_id?: string;
  customer_email?: string;
  package?: string;
  amount_total?: number;
  monthly_amount?: number;
  currency?: string;
  first_renewal_at?: string;
  subscription_status?: string;
  current_period_end?: string;
  cancel_at_period_end?: boolean;
  cancel_at?: string | null;
  ended_at?: string;
  end_reason?: string;
  disputed?: boolean;
  disputes?: OrderDispute[];
  email_sent?: boolean;
}

export interface Email {
  kind: string;
  to: string;
  subject: string;
  body: string;
}

export interface DeliveryAttempt {
  date: string;
  status: number | null;
  ok: boolean;
  /** A second delivery of an event already sent (the provider may deliver one more than once). */
  duplicate?: true;
}

export interface SessionEvent {
  id: string;
  type: string;
  state: 'pending' | 'delivered' | 'failed' | 'not_sent';
  delivered: boolean;
  attempts: DeliveryAttempt[];
}

/** A session as `GET /__harness/checkout-sessions` lists it (the fields these tests read). */
export interface SessionRecord {
  id: string;
  status: string;
  amount_total: number;
  customer_email: string | null;
  first_renewal: string | null;
  first_renewal_display: string | null;
  clock: string | null;
  subscription: {
    id: string;
    status: string;
    trial_end: string | null;
    current_period_end: string;
    cancel_at_period_end: boolean;
    cancel_at: string | null;
    ended_at: string | null;
    invoices: { id: string; billing_reason: string | null; status: string | null; amount_due: number }[];
    disputes: { id: string; charge: string; amount: number; status: string }[];
  } | null;
  events: SessionEvent[];
}

/** Pricing → Get Started Now → the pay page; the session's id. */
export async function startCheckout(page: Page): Promise<string> {
  await page.goto('/Pricing');
  await page.getByRole('button', { name: 'Get Started Now' }).click();
  await expect(page).toHaveURL(new RegExp(`^${HARNESS}/__harness/pay/cs_test_[A-Za-z0-9]{58}$`));
  return page.url().split('/').pop() ?? '';
}

export const PAY_METHODS = {
  card: 'Card',
  bacs: 'Bacs Direct Debit (settles in a few days)',
} as const;

/**
 * On the pay page: types the buyer's e-mail (required when the session prefilled none), chooses the way to pay,
 * presses Pay, and lands on PaymentSuccess with the session's order reference (its last 12 characters).
 */
export async function payOnPage(
  page: Page,
  sessionId: string,
  method: keyof typeof PAY_METHODS,
  email = BUYER_EMAIL,
): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByRole('radio', { name: PAY_METHODS[method] }).check();
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(`${SITE}/PaymentSuccess?session_id=${sessionId}`);
  await expect(page.getByTestId('order-reference')).toHaveText(sessionId.slice(-12));
}

/** Pricing → pay page → Pay with `method` → PaymentSuccess; the session's id. */
export async function buy(page: Page, method: keyof typeof PAY_METHODS): Promise<string> {
  const sessionId = await startCheckout(page);
  await payOnPage(page, sessionId, method);
  return sessionId;
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

/** The subscription the paid session started (every event of the purchase names it). */
export async function subscriptionOf(
  request: APIRequestContext,
  sessionId: string,
  harness = HARNESS,
): Promise<string> {
  const id = (await sessionRecord(request, sessionId, harness)).subscription?.id;
  if (!id) throw new Error(`session ${sessionId} started no subscription`);
  return id;
}

/** The Orders of the session's subscription, read as the service role (what the agency's admin would see). */
export async function ordersOf(
  request: APIRequestContext,
  sessionId: string,
  harness = HARNESS,
): Promise<Order[]> {
  const subscriptionId = await subscriptionOf(request, sessionId, harness);
  const query = `q=${encodeURIComponent(JSON.stringify({ subscription_id: subscriptionId }))}`;
  const response = await request.get(`${harness}/api/apps/${APP_ID}/entities/Order?${query}`, {
    headers: { authorization: `Bearer ${SERVICE_TOKEN}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as Order[];
}

/** The one Order of the session's purchase (fails when there is none, or more than one). */
export async function orderOf(
  request: APIRequestContext,
  sessionId: string,
  harness = HARNESS,
): Promise<Order> {
  const orders = await ordersOf(request, sessionId, harness);
  expect(orders, `the Orders of session ${sessionId}`).toHaveLength(1);
  return orders[0] as Order;
}

/**
 * The one Order of the session's purchase: what it says of the sale (whatever became of it since), its first monthly
 * date the one the pay page showed, and `fields`.
 */
export async function expectOrder(
  request: APIRequestContext,
  sessionId: string,
  firstMonthly: string,
  fields: { [K in keyof Order]?: unknown },
): Promise<Order> {
  const order = await orderOf(request, sessionId);
  expect(order).toMatchObject({
    session_id: sessionId,
    customer_email: BUYER_EMAIL,
    package: PACKAGE,
    amount_total: SETUP_PENCE,
    monthly_amount: MONTHLY_PENCE,
    currency: CURRENCY,
    first_renewal_at: expect.any(String),
    ...fields,
  });
  expect(ukDate(Date.parse(order.first_renewal_at ?? ''))).toBe(firstMonthly);
  return order;
}

/**
 * The agency's e-mails about the session's purchase, in sending order: every one names its subscription (an e-mail
 * sent before the checkout's own event arrived cannot name the session).
 */
export async function mailsAbout(
  request: APIRequestContext,
  sessionId: string,
  harness = HARNESS,
): Promise<Email[]> {
  const subscriptionId = await subscriptionOf(request, sessionId, harness);
  const outbox = (await (await request.get(`${harness}/__harness/outbox`)).json()) as Email[];
  return outbox.filter(
    (m) => m.kind === 'email' && m.to === AGENCY_EMAIL && m.body.includes(`Subscription: ${subscriptionId}`),
  );
}

/** The subjects of the agency's e-mails about the session's purchase. */
export async function subjectsAbout(request: APIRequestContext, sessionId: string): Promise<string[]> {
  return (await mailsAbout(request, sessionId)).map((m) => m.subject);
}

export type ControlAction = 'settle' | 'advance' | 'cancel' | 'clock' | 'dispute' | 'payment-method';

/** A control call of the payment double for this session; answers with the session as the control API then lists it. */
export async function control(
  request: APIRequestContext,
  sessionId: string,
  action: ControlAction,
  body: Record<string, string | number> = {},
): Promise<SessionRecord> {
  const response = await request.post(`${HARNESS}/__harness/checkout-sessions/${sessionId}/${action}`, {
    data: body,
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { order: SessionRecord }).order;
}

/**
 * Every sent event of the session was answered with a 2xx on its first attempt: nothing waits for a redelivery. (The
 * provider may deliver an event a second time, marked `duplicate`: that delivery is answered with a 2xx too.)
 */
export function expectEveryDeliveryAcceptedAtOnce(record: SessionRecord): void {
  const sent = record.events.filter((e) => e.state !== 'not_sent');
  expect(sent.length).toBeGreaterThan(0);
  const tries = (e: SessionEvent) => e.attempts.filter((a) => !a.duplicate);
  expect(
    sent.map((e) => ({ type: e.type, statuses: tries(e).map((a) => a.status) })),
    'each sent event delivered by its first attempt',
  ).toEqual(sent.map((e) => ({ type: e.type, statuses: [expect.any(Number)] })));
  for (const event of sent) {
    expect(event.state, event.type).toBe('delivered');
    for (const attempt of event.attempts) {
      expect(attempt.status, event.type).toBeGreaterThanOrEqual(200);
      expect(attempt.status, event.type).toBeLessThan(300);
    }
  }
}

/** The session's sent events, in the order their first delivery attempts were made. */
export function deliveryOrder(record: SessionRecord): string[] {
  return record.events
    .filter((e) => e.attempts.length > 0)
    .map((e) => ({ type: e.type, at: Date.parse(e.attempts[0]?.date ?? '') }))
    .sort((a, b) => a.at - b.at)
    .map((e) => e.type);
}

// The agency and its buyers are in the UK: the calendar day in London, written as a UK reader writes it.
const LONDON_DAY = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
});
const UK_DATE = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** A time as the UK date it falls on: "2 March 2026". */
export function ukDate(ms: number): string {
  const part = (type: string) =>
    Number(LONDON_DAY.formatToParts(new Date(ms)).find((p) => p.type === type)?.value);
  return UK_DATE.format(new Date(Date.UTC(part('year'), part('month') - 1, part('day'))));
}

/**
 * One calendar month after `ms` on the London calendar, as a UK reader writes it: the same day of the next month, or
 * that month's last day when it is shorter (31 January → 28 or 29 February).
 */
export function oneCalendarMonthOn(ms: number): string {
  const parts = LONDON_DAY.formatToParts(new Date(ms));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const [year, month, day] = [part('year'), part('month'), part('day')];
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return UK_DATE.format(new Date(Date.UTC(year, month, Math.min(day, lastDay))));
}

/**
 * What the pay page must say of the first monthly fee for a checkout started between `fromMs` and `toMs` (the same
 * date, unless London's midnight fell in between).
 */
export function firstMonthlyDates(fromMs: number, toMs: number): string[] {
  return [...new Set([oneCalendarMonthOn(fromMs), oneCalendarMonthOn(toMs)])];
}

/**
 * Pricing → Get Started Now → the pay page, checking what it says the buyer pays: the setup due today, then the monthly
 * fee from one calendar month on (and the monthly line free until that date). Answers the session and that date.
 */
export async function startCheckoutAndReadTerms(
  page: Page,
): Promise<{ sessionId: string; firstMonthly: string }> {
  const before = Date.now();
  const sessionId = await startCheckout(page);
  const dates = firstMonthlyDates(before, Date.now());
  await expect(page.getByText(`Due today ${SETUP_TEXT}`, { exact: true })).toBeVisible();
  const then = page.locator('p', { hasText: /^then / });
  await expect(then).toHaveText(
    new RegExp(`^then ${escaped(MONTHLY_TEXT)} per month from (${dates.join('|')})$`),
  );
  const firstMonthly = ((await then.textContent()) ?? '').replace(/^.* from /, '');
  await expect(page.getByText(`${MONTHLY_TEXT} per month, free until ${firstMonthly}`)).toBeVisible();
  return { sessionId, firstMonthly };
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Waits until `npm start` has warmed the backend functions: a buyer's first checkout must not wait for a start. */
export async function functionsWarm(request: APIRequestContext): Promise<void> {
  await expect
    .poll(
      async () => {
        const running = (await (await request.get(`${HARNESS}/__harness/functions`)).json()) as {
          name: string;
        }[];
        return running.map((f) => f.name);
      },
      { timeout: 60_000, intervals: [250, 500, 1_000] },
    )
    .toEqual(expect.arrayContaining(['createCheckout', 'stripeWebhook']));
}

/** The delivery-order seed of the payment double's account (null: a random order). */
export async function eventOrderSeed(request: APIRequestContext): Promise<number | null> {
  const settings = (await (await request.get(`${HARNESS}/__harness/payments/settings`)).json()) as {
    event_order_seed: number | null;
  };
  return settings.event_order_seed;
}

/** Replays one delivery order from `seed` (null: random again). Global state: serial specs only. */
export async function seedEventOrder(request: APIRequestContext, seed: number | null): Promise<void> {
  const response = await request.post(`${HARNESS}/__harness/payments/settings`, {
    data: { event_order_seed: seed },
  });
  expect(response.status(), await response.text()).toBe(200);
}
