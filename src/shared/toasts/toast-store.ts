import { create } from 'zustand';
import { toastLimits } from '../../content/limits.ts';

/** A notice floating above the page (a link to follow, or an action to take). */
export interface Toast {
  id: string;
  /** Notices with the same key replace each other (e.g. one "reload" offer, however many chunks failed). */
  key: string;
  message: string;
  tone: 'info' | 'error';
  link?: { href: string; label: string; target?: '_top' };
  action?: { label: string; run: () => void };
  open: boolean;
}

interface ToastState {
  toasts: Toast[];
}

export const useToastStore = create<ToastState>()(() => ({ toasts: [] }));

let counter = 0;

/** Shows a notice; at most `toastLimits.maxToasts` are kept, newest first. */
export function showToast(toast: Omit<Toast, 'id' | 'open'>): string {
  counter += 1;
  const id = `toast-${counter}`;
  useToastStore.setState(({ toasts }) => ({
    toasts: [{ ...toast, id, open: true }, ...toasts.filter((t) => t.key !== toast.key)].slice(
      0,
      toastLimits.maxToasts,
    ),
  }));
  return id;
}

/** Closes a notice now and forgets it `toastLimits.removeDelayMs` later. */
export function dismissToast(id: string): void {
  useToastStore.setState(({ toasts }) => ({
    toasts: toasts.map((t) => (t.id === id ? { ...t, open: false } : t)),
  }));
  // Ids are never reused: a second dismissal's removal finds the toast already gone by the first one's.
  setTimeout(() => {
    useToastStore.setState(({ toasts }) => ({ toasts: toasts.filter((t) => t.id !== id) }));
  }, toastLimits.removeDelayMs);
}
