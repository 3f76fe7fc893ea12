import { Spinner } from '../../components/spinner.tsx';
import { noticeText } from '../../content/notices.ts';

/** Holds the page's place while its chunk loads (rare: chunks are prefetched once the browser is idle). */
export function PageLoading() {
  return (
    <div className="flex min-h-screen items-start justify-center pt-40">
      <Spinner label={noticeText.loadingPage} className="gap-3" ringClassName="size-8" />
    </div>
  );
}
