/**
 * Checkout's departure (docs/security.md, "HTTP faults and nothing lost", issue 15 finding 6): the click-burst guard
 * (`pending`) is held until the page is gone, and the "continue" link is offered only when the navigation did not
 * happen.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCheckoutStore } from '../../../src/checkout/checkout-store.ts';
import {
  CHECKOUT_STAYED_MS,
  CONTINUE_LINK_AFTER_MS,
  goToCheckout,
} from '../../../src/checkout/leave-for-checkout.ts';
import { useToastStore } from '../../../src/shared/toasts/toast-store.ts';

const PAY = 'https://checkout.stripe.com/c/pay/cs_test_1';

interface FakeWindow {
  win: Window;
  assign: ReturnType<typeof vi.fn>;
  open: ReturnType<typeof vi.fn>;
  topHref(): string | null;
  fire(event: Event): void;
  setVisibility(state: DocumentVisibilityState): void;
}

/**
 * A window at top level, or framed with a top window that navigates (or refuses by throwing, as a sandbox does), and
 * a `window.open` that opens a tab (or is blocked).
 */
function fakeWindow(options: {
  framed?: boolean;
  topRefuses?: boolean;
  assignThrows?: boolean;
  popupBlocked?: boolean;
  openThrows?: boolean;
}): FakeWindow {
  const events = new EventTarget();
  let visibility: DocumentVisibilityState = 'visible';
  let topHref: string | null = null;
  const assign = vi.fn(() => {
    if (options.assignThrows) throw new DOMException('refused', 'SecurityError');
  });
  const tab = { opener: {} as unknown };
  const open = vi.fn(() => {
    if (options.openThrows) throw new DOMException('refused', 'SecurityError');
    return options.popupBlocked ? null : tab;
  });
  const top = {
    location: {
      set href(value: string) {
        if (options.topRefuses) throw new DOMException('refused', 'SecurityError');
        topHref = value;
      },
    },
  };
  const self: Record<string, unknown> = {
    location: { assign },
    open,
    document: {
      get visibilityState() {
        return visibility;
      },
    },
    addEventListener: events.addEventListener.bind(events),
    removeEventListener: events.removeEventListener.bind(events),
    setTimeout: (run: () => void, ms: number) => setTimeout(run, ms),
    clearTimeout: (id: number) => clearTimeout(id),
  };
  self.top = options.framed ? top : self;
  return {
    win: self as unknown as Window,
    assign,
    open,
    topHref: () => topHref,
    fire: (event) => events.dispatchEvent(event),
    setVisibility: (state) => {
      visibility = state;
    },
  };
}

const pending = () => useCheckoutStore.getState().pending;
const notices = () =>
  useToastStore
    .getState()
    .toasts.filter((toast) => toast.key === 'checkout-continue' && toast.open)
    .map((toast) => toast.link?.href);

function pageShow(persisted: boolean): Event {
  return Object.assign(new Event('pageshow'), { persisted });
}

beforeEach(() => {
  vi.useFakeTimers();
  useToastStore.setState({ toasts: [] });
  // As `useCheckout` leaves it when checkout starts.
  useCheckoutStore.setState({ pending: true });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('goToCheckout at top level', () => {
  it('navigates once and keeps the guard while the page is leaving, without offering a link', () => {
    const frame = fakeWindow({});
    goToCheckout(PAY, frame.win);
    expect(frame.assign.mock.calls).toEqual([[PAY]]);
    vi.advanceTimersByTime(CONTINUE_LINK_AFTER_MS + 100);
    expect(pending()).toBe(true);
    expect(notices()).toEqual([]);
    frame.fire(new Event('pagehide'));
    vi.advanceTimersByTime(CHECKOUT_STAYED_MS * 2);
    expect(pending()).toBe(true);
    expect(notices()).toEqual([]);
  });

  it('a page still here after CHECKOUT_STAYED_MS gets the link and a working button', () => {
    const frame = fakeWindow({});
    goToCheckout(PAY, frame.win);
    vi.advanceTimersByTime(CHECKOUT_STAYED_MS - 1);
    expect(pending()).toBe(true);
    expect(notices()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(pending()).toBe(false);
    expect(notices()).toEqual([PAY]);
  });

  it('a navigation refused outright: the link at once, the button works again', () => {
    const frame = fakeWindow({ assignThrows: true });
    goToCheckout(PAY, frame.win);
    expect(pending()).toBe(false);
    expect(notices()).toEqual([PAY]);
  });

  it('back from the provider through the back-forward cache: the button works again, no stale link', () => {
    const frame = fakeWindow({});
    goToCheckout(PAY, frame.win);
    frame.fire(new Event('pagehide'));
    frame.fire(pageShow(false));
    expect(pending()).toBe(true);
    frame.fire(pageShow(true));
    expect(pending()).toBe(false);
    vi.advanceTimersByTime(CHECKOUT_STAYED_MS * 2);
    expect(notices()).toEqual([]);
  });
});

describe('goToCheckout inside the editor frame', () => {
  it('navigates the top window (never the frame) and offers nothing once the page is gone', () => {
    const frame = fakeWindow({ framed: true });
    goToCheckout(PAY, frame.win);
    expect(frame.topHref()).toBe(PAY);
    expect(frame.assign).not.toHaveBeenCalled();
    expect(frame.open).not.toHaveBeenCalled();
    vi.advanceTimersByTime(CONTINUE_LINK_AFTER_MS - 100);
    frame.fire(new Event('pagehide'));
    vi.advanceTimersByTime(CHECKOUT_STAYED_MS * 2);
    expect(notices()).toEqual([]);
    expect(pending()).toBe(true);
  });

  it('a top navigation silently not happening: the link after CONTINUE_LINK_AFTER_MS, the guard until later', () => {
    const frame = fakeWindow({ framed: true });
    goToCheckout(PAY, frame.win);
    vi.advanceTimersByTime(CONTINUE_LINK_AFTER_MS);
    expect(notices()).toEqual([PAY]);
    expect(pending()).toBe(true);
    vi.advanceTimersByTime(CHECKOUT_STAYED_MS);
    expect(pending()).toBe(false);
    expect(notices()).toEqual([PAY]);
    expect(useToastStore.getState().toasts).toHaveLength(1);
  });

  it('the visitor away (page hidden) when the link would show: offered only once the page has evidently stayed', () => {
    const frame = fakeWindow({ framed: true });
    goToCheckout(PAY, frame.win);
    frame.setVisibility('hidden');
    vi.advanceTimersByTime(CONTINUE_LINK_AFTER_MS + 100);
    expect(notices()).toEqual([]);
    frame.setVisibility('visible');
    vi.advanceTimersByTime(CHECKOUT_STAYED_MS);
    expect(notices()).toEqual([PAY]);
    expect(pending()).toBe(false);
  });

  it('a refused top navigation opens a tab (its return value counts: no noopener), cut from this page, no link', () => {
    const frame = fakeWindow({ framed: true, topRefuses: true });
    goToCheckout(PAY, frame.win);
    expect(frame.open).toHaveBeenCalledTimes(1);
    const [url, target, features] = frame.open.mock.calls[0] ?? [];
    expect([url, target]).toEqual([PAY, '_blank']);
    expect(String(features ?? '')).not.toMatch(/noopener|noreferrer/);
    expect(frame.open.mock.results[0]?.value.opener).toBeNull();
    frame.setVisibility('hidden');
    vi.advanceTimersByTime(CONTINUE_LINK_AFTER_MS);
    frame.setVisibility('visible');
    vi.advanceTimersByTime(CHECKOUT_STAYED_MS);
    expect(notices()).toEqual([]);
    expect(pending()).toBe(false);
  });

  it('the tab is open but this page still in view: still no link (the navigation did happen)', () => {
    const frame = fakeWindow({ framed: true, topRefuses: true });
    goToCheckout(PAY, frame.win);
    vi.advanceTimersByTime(CONTINUE_LINK_AFTER_MS + 100);
    expect(notices()).toEqual([]);
    expect(pending()).toBe(true);
  });

  it.each([
    ['blocked', { popupBlocked: true }],
    ['refused with an exception', { openThrows: true }],
  ])('top navigation refused and the tab %s: the link at once and a working button', (_label, tab) => {
    const frame = fakeWindow({ framed: true, topRefuses: true, ...tab });
    goToCheckout(PAY, frame.win);
    expect(notices()).toEqual([PAY]);
    expect(pending()).toBe(false);
  });
});

describe('goToCheckout: the continue link and the end of the watch', () => {
  it('the link is an info notice that opens the payment page in the top window, never in the frame', () => {
    const frame = fakeWindow({ assignThrows: true });
    goToCheckout(PAY, frame.win);
    const [toast] = useToastStore.getState().toasts;
    expect(toast).toMatchObject({ tone: 'info', link: { href: PAY, target: '_top' } });
  });

  it('a link shown in the frame goes when the page comes back from the back-forward cache', () => {
    const frame = fakeWindow({ framed: true });
    goToCheckout(PAY, frame.win);
    vi.advanceTimersByTime(CONTINUE_LINK_AFTER_MS);
    expect(notices()).toEqual([PAY]);
    frame.fire(new Event('pagehide'));
    frame.fire(pageShow(true));
    expect(notices()).toEqual([]);
    expect(pending()).toBe(false);
  });

  it('the link shown in the frame is not shown a second time when the page has evidently stayed', () => {
    const frame = fakeWindow({ framed: true });
    goToCheckout(PAY, frame.win);
    vi.advanceTimersByTime(CONTINUE_LINK_AFTER_MS);
    const shown = useToastStore.getState().toasts.map((toast) => toast.id);
    vi.advanceTimersByTime(CHECKOUT_STAYED_MS);
    expect(pending()).toBe(false);
    expect(useToastStore.getState().toasts.map((toast) => toast.id)).toEqual(shown);
  });

  it('a departure that is over no longer answers page events (a later checkout keeps its guard)', () => {
    const frame = fakeWindow({});
    goToCheckout(PAY, frame.win);
    vi.advanceTimersByTime(CHECKOUT_STAYED_MS);
    expect(pending()).toBe(false);
    // The visitor presses again; that checkout is still waiting for its answer when the page is shown again.
    useCheckoutStore.setState({ pending: true });
    frame.fire(pageShow(true));
    expect(pending()).toBe(true);
    expect(notices()).toEqual([PAY]);
  });
});
