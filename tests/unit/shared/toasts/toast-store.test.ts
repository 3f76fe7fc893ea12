/**
 * Toasts (src/shared/toasts/toast-store.ts): the state a page starts with, ids, how many are kept, and what dismissing
 * one does to it and to the others. The store is reset after each test, so that the first sees a page's first state.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toastLimits } from '../../../../src/content/limits.ts';
import { dismissToast, showToast, useToastStore } from '../../../../src/shared/toasts/toast-store.ts';

afterEach(() => {
  vi.useRealTimers();
  useToastStore.setState({ toasts: [] });
});

describe('toasts', () => {
  // First in the file: the store as the page starts with it.
  it('a page starts with no toasts, and a first toast is the only one', () => {
    expect(useToastStore.getState()).toEqual({ toasts: [] });
    showToast({ key: 'first', tone: 'info', message: 'hello' });
    expect(useToastStore.getState().toasts.map((t) => t.message)).toEqual(['hello']);
  });

  it('numbers toasts upwards: toast-1, toast-2, ...', () => {
    const first = showToast({ key: 'a', tone: 'info', message: 'a' });
    const second = showToast({ key: 'b', tone: 'info', message: 'b' });
    expect(first).toMatch(/^toast-[1-9]\d*$/);
    expect(Number(second.slice('toast-'.length))).toBe(Number(first.slice('toast-'.length)) + 1);
  });

  it('keeps at most 20, newest first', () => {
    for (let i = 0; i < 25; i++) showToast({ key: `k${i}`, tone: 'info', message: `message ${i}` });
    const { toasts } = useToastStore.getState();
    expect(toasts).toHaveLength(20);
    expect(toasts[0]?.message).toBe('message 24');
    expect(toasts.at(-1)?.message).toBe('message 5');
  });

  it('replaces a notice with the same key', () => {
    showToast({ key: 'preload-error', tone: 'error', message: 'first' });
    showToast({ key: 'preload-error', tone: 'error', message: 'second' });
    expect(useToastStore.getState().toasts.map((t) => t.message)).toEqual(['second']);
  });

  it('closes a dismissed notice at once and removes it 1000000 ms later', () => {
    vi.useFakeTimers();
    const id = showToast({ key: 'a', tone: 'info', message: 'hello' });
    dismissToast(id);
    expect(useToastStore.getState().toasts[0]?.open).toBe(false);
    vi.advanceTimersByTime(999_999);
    expect(useToastStore.getState().toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(useToastStore.getState().toasts).toHaveLength(0);
  });

  it('dismissing one toast closes and later removes that one only', () => {
    vi.useFakeTimers();
    const kept = showToast({ key: 'kept', tone: 'info', message: 'kept' });
    const gone = showToast({ key: 'gone', tone: 'error', message: 'gone' });
    dismissToast(gone);
    const open = () => useToastStore.getState().toasts.map((t) => [t.id, t.open]);
    expect(open()).toEqual([
      [gone, false],
      [kept, true],
    ]);
    vi.advanceTimersByTime(toastLimits.removeDelayMs);
    expect(open()).toEqual([[kept, true]]);
  });
});
