/**
 * `useScrolledPast` (src/app/hooks/use-scrolled-past.ts): true while the window is scrolled more than the threshold,
 * checked once mounted and on every scroll (with a passive listener, removed when the component goes).
 */
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useScrolledPast } from '../../../../src/app/hooks/use-scrolled-past.ts';

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

afterEach(() => {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
  vi.restoreAllMocks();
});

describe('useScrolledPast', () => {
  it('is false at the top, true only beyond the threshold, and follows the scroll both ways', () => {
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
    const { result } = renderHook(() => useScrolledPast(80));
    expect(result.current).toBe(false);
    scrollTo(80);
    expect(result.current).toBe(false);
    scrollTo(81);
    expect(result.current).toBe(true);
    scrollTo(10);
    expect(result.current).toBe(false);
  });

  it('checks the scroll once mounted (a page opened part-way down)', () => {
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 500 });
    const { result } = renderHook(() => useScrolledPast(80));
    expect(result.current).toBe(true);
  });

  it('checks again against a new threshold', () => {
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 200 });
    const { result, rerender } = renderHook(({ threshold }) => useScrolledPast(threshold), {
      initialProps: { threshold: 100 },
    });
    expect(result.current).toBe(true);
    rerender({ threshold: 300 });
    expect(result.current).toBe(false);
  });

  it('listens passively, and stops listening when the component goes', () => {
    const added = vi.spyOn(window, 'addEventListener');
    const removed = vi.spyOn(window, 'removeEventListener');
    const { unmount } = renderHook(() => useScrolledPast(80));
    const listens = added.mock.calls.filter(([type]) => type === 'scroll');
    expect(listens).toHaveLength(1);
    expect(listens[0]?.[2]).toEqual({ passive: true });
    unmount();
    const stops = removed.mock.calls.filter(([type]) => type === 'scroll');
    expect(stops).toEqual([['scroll', listens[0]?.[1]]]);
  });
});
