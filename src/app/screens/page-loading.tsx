import { noticeText } from '../../content/notices.ts';

/** Holds the page's place while its chunk loads (rare: chunks are prefetched once the browser is idle). */
export function PageLoading() {
  return (
    <div className="flex min-h-screen items-start justify-center pt-40">
      <div role="status" className="flex flex-col items-center gap-3">
        <span
          aria-hidden="true"
          className="size-8 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600 motion-reduce:animate-none"
        />
        <span className="sr-only">{noticeText.loadingPage}</span>
      </div>
    </div>
  );
}
