/**
 * The payment double's control routes and hosted page in-process (payments-app.ts with the emulator's body parsers and
 * the pay page), on a fixed clock: the wall clock is faked (Date only; timers stay real) at Monday 2 March 2026, 10:00
 * UTC, so every time the double answers is known. Helpers post the page's forms and read the control API.
 */
import { afterEach, vi } from 'vitest';
import { registerPayPage } from '../../../../host-harness/payments/pay-page/pay-page.ts';
import { type AppOptions, GOLD, type PaymentsApp, paymentsApp } from '../support/payments-app.ts';

/** Monday 2 March 2026, 10:00 UTC (10:00 in London: winter time), in ms and in Unix seconds. */
export const NOW_MS = Date.parse('2026-03-02T10:00:00Z');
export const NOW_S = NOW_MS / 1000;
export const DAY_S = 24 * 60 * 60;
export const HOUR_S = 60 * 60;

/** The ISO time of Unix seconds. */
export const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
/** Unix seconds of an ISO time. */
export const secondsOf = (time: string) => Date.parse(time) / 1000;

const apps: PaymentsApp[] = [];
const closers: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const app of apps.splice(0)) {
    await app.payments.dispatcher.close();
    await app.close();
  }
  for (const close of closers.splice(0).reverse()) await close();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Runs `close` after the test (an endpoint server). */
export function afterTest(close: () => Promise<void>): void {
  closers.push(close);
}

export type ControlApp = Awaited<ReturnType<typeof controlApp>>;

/** The double with its control routes and hosted page, its clock at `NOW_MS`. */
export async function controlApp(options: AppOptions = {}) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW_MS);
  const h = await paymentsApp({
    ...options,
    extra: async (app, ctx) => {
      registerPayPage(app, ctx);
    },
  });
  apps.push(h);
  /** A new session (the gold package unless `fields` say otherwise); its id. */
  const session = async (fields: Record<string, string> = GOLD): Promise<string> => {
    const answer = await h.create(fields);
    if (answer.status !== 200) throw new Error(`not created: ${JSON.stringify(answer.body)}`);
    return answer.body.id as string;
  };
  /** The hosted page's answer (HTML). */
  const page = async (method: 'GET' | 'POST', url: string, form?: Record<string, string>) => {
    const answer = await h.app.inject({
      method,
      url,
      ...(form === undefined
        ? {}
        : {
            payload: new URLSearchParams(form).toString(),
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          }),
    });
    return { status: answer.statusCode, headers: answer.headers, text: answer.body };
  };
  /** A control route with `body` sent as JSON whatever it is (a string, a number, null). */
  const json = (url: string, body: unknown) =>
    h.call({
      method: 'POST',
      url,
      payload: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    });
  /** The control API's summary of one session. */
  const summary = async (id: string) => {
    const list = await h.control('GET', '/__harness/checkout-sessions');
    return list.body.find((row: { id: string }) => row.id === id);
  };
  /** The types of a session's stored events, in order. */
  const types = (id: string) => h.state.providerEvents.bySession(id).map((event) => event.type);
  return { ...h, session, page, json, summary, types };
}
