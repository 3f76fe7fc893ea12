import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, showToast, useToastStore } from '../../../src/shared/toasts/toast-store.ts';

beforeEach(() => {
  useToastStore.setState({ toasts: [] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('toasts', () => {
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
});
