import { RefreshCw, X } from 'lucide';
import { useEffect } from 'react';
import { Icon } from '../../components/icon.tsx';
import { noticeText } from '../../content/notices.ts';
import { dismissToast, showToast, useToastStore } from '../../shared/toasts/toast-store.ts';

/**
 * Notices that float above the page: the link to the payment page when the browser did not leave by itself, and a
 * reload offer when a part of the site failed to load (`preload-error`).
 */
export function SiteNotices() {
  const toasts = useToastStore((state) => state.toasts);
  useEffect(() => {
    const onPreloadError = () =>
      showToast({
        key: 'preload-error',
        tone: 'error',
        message: noticeText.preloadError,
        action: { label: noticeText.reload, run: () => window.location.reload() },
      });
    window.addEventListener('preload-error', onPreloadError);
    return () => window.removeEventListener('preload-error', onPreloadError);
  }, []);
  const open = toasts.filter((toast) => toast.open);
  if (!open.length) return null;
  return (
    <ol className="fixed inset-x-0 bottom-4 z-50 flex flex-col items-center gap-3 px-4" aria-live="polite">
      {open.map((toast) => (
        <li
          key={toast.id}
          role={toast.tone === 'error' ? 'alert' : 'status'}
          className="flex max-w-lg flex-wrap items-center gap-x-3 gap-y-2 rounded-2xl bg-slate-900 py-3 pr-2 pl-5 text-sm text-white shadow-lg"
        >
          <span>{toast.message}</span>
          {toast.link ? (
            <a
              href={toast.link.href}
              target={toast.link.target}
              className="font-semibold text-accent-300 underline underline-offset-4"
            >
              {toast.link.label}
            </a>
          ) : null}
          {toast.action ? (
            <button
              type="button"
              onClick={toast.action.run}
              className="inline-flex min-h-11 items-center gap-2 rounded-full bg-white px-4 font-semibold text-slate-900"
            >
              <Icon icon={RefreshCw} className="size-4" />
              {toast.action.label}
            </button>
          ) : null}
          <button
            type="button"
            onClick={() => dismissToast(toast.id)}
            aria-label={noticeText.dismiss}
            className="inline-flex size-11 items-center justify-center rounded-full text-slate-300 hover:bg-white/10 hover:text-white"
          >
            <Icon icon={X} className="size-4" />
          </button>
        </li>
      ))}
    </ol>
  );
}
