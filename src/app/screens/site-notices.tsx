import { RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { checkoutText } from '../../content/checkout.ts';
import { noticeText } from '../../content/notices.ts';
import { useCheckoutStore } from '../checkout/checkout-store.ts';

/**
 * Notices that float above the page: the link to the payment page when the browser did not leave by itself, and a
 * reload offer when a part of the site failed to load (`preload-error`).
 */
export function SiteNotices() {
  const continueUrl = useCheckoutStore((state) => state.continueUrl);
  const [preloadFailed, setPreloadFailed] = useState(false);
  useEffect(() => {
    const onPreloadError = () => setPreloadFailed(true);
    window.addEventListener('preload-error', onPreloadError);
    return () => window.removeEventListener('preload-error', onPreloadError);
  }, []);
  if (!continueUrl && !preloadFailed) return null;
  return (
    <div className="fixed inset-x-0 bottom-4 z-50 flex flex-col items-center gap-3 px-4" aria-live="polite">
      {continueUrl ? (
        <p className="flex max-w-lg flex-wrap items-center gap-x-3 gap-y-1 rounded-2xl bg-slate-900 px-5 py-3 text-sm text-white shadow-lg">
          <span>{checkoutText.continueHint}</span>
          <a
            href={continueUrl}
            target="_top"
            className="font-semibold text-accent-300 underline underline-offset-4"
          >
            {checkoutText.continueLink}
          </a>
        </p>
      ) : null}
      {preloadFailed ? (
        <div
          role="alert"
          className="flex max-w-lg flex-wrap items-center gap-3 rounded-2xl bg-slate-900 px-5 py-3 text-sm text-white shadow-lg"
        >
          <span>{noticeText.preloadError}</span>
          <button
            type="button"
            onClick={() => window.location.reload()}
            className="inline-flex min-h-11 items-center gap-2 rounded-full bg-white px-4 font-semibold text-slate-900"
          >
            <RefreshCw aria-hidden="true" className="size-4" />
            {noticeText.reload}
          </button>
        </div>
      ) : null}
    </div>
  );
}
