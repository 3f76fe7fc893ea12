/**
 * Get Started Now's call and what follows it (docs/requirements.md, "States and transitions", docs/security.md,
 * "Redirects and untrusted values" and "HTTP faults and nothing lost"): the real functions client over a stand-in
 * `fetch` records the request, and a window with just what checkout touches records where the browser was sent. Only an
 * answer pointing at the payment provider may navigate; anything else gives the alert and the button.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCheckoutStore } from '../../../src/checkout/checkout-store.ts';
import { CHECKOUT_CALL_TIMEOUT_MS, runCheckout } from '../../../src/checkout/start-checkout.ts';
import { checkoutText, packageId } from '../../../src/content/checkout.ts';
import { createFunctionsClient, createHttpCore } from '../../../src/platform/index.ts';
import type { SitePlatform } from '../../../src/shared/site-platform/site-platform.ts';
import { siteConfig } from '../../../src/site-config.ts';
import { type CannedAnswer, cannedResponse } from '../canned-answer.ts';

const PROVIDER = siteConfig.checkoutOrigins[0];
const PAY = `${PROVIDER}/c/pay/cs_test_start`;

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** A platform whose createCheckout answers `answer` (status and JSON body), or never when `answer` is 'hang'. */
function platformAnswering(answer: CannedAnswer) {
  const calls: Call[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({
      method: init?.method ?? 'GET',
      path: new URL(String(input)).pathname,
      body: init?.body === undefined ? undefined : JSON.parse(String(init.body)),
    });
    return cannedResponse(answer, init?.signal);
  }) as typeof globalThis.fetch;
  const core = createHttpCore({
    appId: 'local-app',
    serverUrl: 'http://platform.example',
    fetch,
    location: null,
  });
  const platform = { functions: createFunctionsClient(core) } as SitePlatform;
  return { load: async () => platform, calls };
}

/** A top-level window with what checkout touches: navigation, the alert, page events and timers. */
function fakeWindow() {
  const events = new EventTarget();
  const self: Record<string, unknown> = {
    location: { assign: vi.fn() },
    alert: vi.fn(),
    document: { visibilityState: 'visible' },
    addEventListener: events.addEventListener.bind(events),
    removeEventListener: events.removeEventListener.bind(events),
    setTimeout: (run: () => void, ms: number) => setTimeout(run, ms),
    clearTimeout: (id: number) => clearTimeout(id),
  };
  self.top = self;
  const win = self as unknown as Window;
  return {
    win,
    assign: win.location.assign as ReturnType<typeof vi.fn>,
    alert: win.alert as ReturnType<typeof vi.fn>,
  };
}

let logged: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  // As `useCheckout` leaves it when the press starts the checkout.
  useCheckoutStore.setState({ pending: true });
  logged = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('runCheckout', () => {
  it('calls createCheckout with the package, then sends the browser to the provider’s page', async () => {
    const platform = platformAnswering([200, { url: PAY }]);
    const frame = fakeWindow();
    await runCheckout(platform.load, frame.win);
    expect(platform.calls).toEqual([
      {
        method: 'POST',
        path: '/api/apps/local-app/functions/createCheckout',
        body: { packageName: packageId },
      },
    ]);
    expect(frame.assign.mock.calls).toEqual([[PAY]]);
    expect(frame.alert).not.toHaveBeenCalled();
    expect(useCheckoutStore.getState().pending).toBe(true);
  });

  it.each([
    ['another site', [200, { url: 'https://evil.example/pay' }]],
    ['the provider over http', [200, { url: PAY.replace('https:', 'http:') }]],
    ['a script URL', [200, { url: 'javascript:alert(1)' }]],
    ['no url', [200, { id: 'cs_test_1' }]],
    ['a null body', [200, null]],
  ] as const)(
    'an answer pointing at %s: the alert, no navigation, the button works again',
    async (_label, answer) => {
      const platform = platformAnswering([answer[0], answer[1]]);
      const frame = fakeWindow();
      await runCheckout(platform.load, frame.win);
      expect(frame.assign).not.toHaveBeenCalled();
      expect(frame.alert.mock.calls).toEqual([[checkoutText.failure]]);
      expect(useCheckoutStore.getState().pending).toBe(false);
      // The log says why, for whoever reads the console.
      const [, error] = logged.mock.calls[0] ?? [];
      expect(error).toMatchObject({
        name: 'CheckoutRedirectError',
        message: 'The checkout answer did not point at the payment provider',
      });
    },
  );

  it('a call that hangs gives up after CHECKOUT_CALL_TIMEOUT_MS: the alert and a working button', async () => {
    vi.useFakeTimers();
    const platform = platformAnswering('hang');
    const frame = fakeWindow();
    void runCheckout(platform.load, frame.win);
    await vi.advanceTimersByTimeAsync(CHECKOUT_CALL_TIMEOUT_MS - 1);
    expect(frame.alert).not.toHaveBeenCalled();
    expect(useCheckoutStore.getState().pending).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(frame.alert.mock.calls).toEqual([[checkoutText.failure]]);
    expect(frame.assign).not.toHaveBeenCalled();
    expect(useCheckoutStore.getState().pending).toBe(false);
  });
});
