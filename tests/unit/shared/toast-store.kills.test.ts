/** Toasts (src/shared/toasts/toast-store.ts): the first state, ids, and what dismissing one does to the others. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toastLimits } from '../../../src/content/limits.ts';
import { dismissToast, showToast, useToastStore } from '../../../src/shared/toasts/toast-store.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('toasts (kills)', () => {
  // First in the file: the store as the page starts with it.
  it('starts with no toasts, and a first toast is the only one', () => {
    expect(useToastStore.getState()).toEqual({ toasts: [] });
    showToast({ key: 'first', tone: 'info', message: 'hello' });
    expect(useToastStore.getState().toasts.map((t) => t.message)).toEqual(['hello']);
  });

  it('numbers toasts upwards: toast-1, toast-2, ...', () => {
    useToastStore.setState({ toasts: [] });
    const first = showToast({ key: 'a', tone: 'info', message: 'a' });
    const second = showToast({ key: 'b', tone: 'info', message: 'b' });
    expect(first).toMatch(/^toast-[1-9]\d*$/);
    expect(Number(second.slice('toast-'.length))).toBe(Number(first.slice('toast-'.length)) + 1);
  });

  it('dismissing one toast closes and later removes that one only', () => {
    vi.useFakeTimers();
    useToastStore.setState({ toasts: [] });
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
