/**
 * Get Started Now (src/checkout/checkout-button.tsx with use-checkout.ts) as a visitor sees and presses it: before any
 * press it works and says so; one createCheckout call per burst, the button stays "Loading..." while the page is
 * leaving, and works again when the page comes back from the back-forward cache. The store is imported statically and
 * reset only after each test, so that the first test sees the state a page starts with.
 */
import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CheckoutButton } from '../../../src/checkout/checkout-button.tsx';
import { useCheckoutStore } from '../../../src/checkout/checkout-store.ts';
import { useCheckout } from '../../../src/checkout/use-checkout.ts';
import { checkoutButtonText, checkoutText } from '../../../src/content/checkout.ts';
import { loadSitePlatform } from '../../../src/shared/site-platform/load-site-platform.ts';
import type { SitePlatform } from '../../../src/shared/site-platform/site-platform.ts';

vi.mock('../../../src/shared/site-platform/load-site-platform.ts', () => ({ loadSitePlatform: vi.fn() }));

const PAY = 'https://checkout.stripe.com/c/pay/cs_test_burst';

function Pricing() {
  const { pending, start } = useCheckout();
  return <CheckoutButton pending={pending} onStart={start} />;
}

function platformAnswering(answer: () => Promise<unknown>) {
  const invoke = vi.fn(answer);
  vi.mocked(loadSitePlatform).mockResolvedValue({ functions: { invoke } } as unknown as SitePlatform);
  return invoke;
}

/** Lets pending work (a dynamic import, the platform, the call) settle. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));
/** Waits until `check` passes (the first dynamic import of the checkout module takes a while in a test). */
const until = (check: () => void) => act(() => vi.waitFor(check, { timeout: 5000, interval: 10 }));
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

let assign: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  // happy-dom has no dialogs.
  window.alert = () => {};
  assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  useCheckoutStore.setState({ pending: false });
});

// First in the file: nothing has pressed the button or set the store yet.
describe('Get Started Now before any press', () => {
  it('the page is told no checkout is pending', () => {
    const { result } = renderHook(() => useCheckout());
    expect(result.current.pending).toBe(false);
  });

  it('the button is enabled, not busy, and says Get Started Now', () => {
    render(<Pricing />);
    const start = screen.getByTestId('checkout-button');
    expect(start.hasAttribute('disabled')).toBe(false);
    expect(start.getAttribute('aria-busy')).toBe('false');
    expect(start.textContent).toBe(checkoutButtonText.getStarted);
  });
});

describe('Get Started Now', () => {
  it('a burst of presses, and presses while the page is leaving, make one createCheckout call', async () => {
    const invoke = platformAnswering(async () => ({ data: { url: PAY } }));
    render(<Pricing />);
    const start = button(checkoutButtonText.getStarted);
    fireEvent.click(start);
    fireEvent.click(start);
    fireEvent.click(start);
    await until(() => expect(assign).toHaveBeenCalled());
    expect(assign.mock.calls).toEqual([[PAY]]);
    // The redirect is requested; the page has not gone yet. The button stays busy and does nothing.
    expect(button(checkoutButtonText.loading).disabled).toBe(true);
    fireEvent.click(button(checkoutButtonText.loading));
    await settle();
    await act(async () => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(button(checkoutButtonText.loading).disabled).toBe(true);
    expect(invoke).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it('presses before React re-renders (a burst replayed at hydration) still make one call', async () => {
    const invoke = platformAnswering(async () => ({ data: { url: PAY } }));
    const { result } = renderHook(() => useCheckout());
    act(() => {
      result.current.start();
      result.current.start();
      result.current.start();
    });
    expect(result.current.pending).toBe(true);
    await until(() => expect(assign).toHaveBeenCalled());
    await settle();
    expect(invoke).toHaveBeenCalledTimes(1);
  });

  it('shown again from the back-forward cache, the button works again', async () => {
    const invoke = platformAnswering(async () => ({ data: { url: PAY } }));
    render(<Pricing />);
    fireEvent.click(button(checkoutButtonText.getStarted));
    await until(() => expect(assign).toHaveBeenCalled());
    expect(button(checkoutButtonText.loading).disabled).toBe(true);
    await act(async () => {
      window.dispatchEvent(new Event('pagehide'));
      window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    });
    expect(button(checkoutButtonText.getStarted).disabled).toBe(false);
    fireEvent.click(button(checkoutButtonText.getStarted));
    await until(() => expect(invoke).toHaveBeenCalledTimes(2));
  });

  it('a failed call: the alert, and the button works again', async () => {
    const invoke = platformAnswering(async () => {
      throw Object.assign(new Error('boom'), { status: 500 });
    });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<Pricing />);
    fireEvent.click(button(checkoutButtonText.getStarted));
    await until(() => expect(alert.mock.calls).toEqual([[checkoutText.failure]]));
    expect(assign).not.toHaveBeenCalled();
    fireEvent.click(button(checkoutButtonText.getStarted));
    await until(() => expect(invoke).toHaveBeenCalledTimes(2));
  });
});
