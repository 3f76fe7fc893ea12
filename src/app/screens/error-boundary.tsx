import { Component, type ErrorInfo, type ReactNode } from 'react';
import { noticeText } from '../../content/notices.ts';
import { reportSiteError } from '../../shared/site-platform/site-bridge-loader.ts';

interface State {
  failed: boolean;
}

/**
 * Catches a render error anywhere in the site: reports it to the editor as `app_error` (the bridge skips HTTP 402)
 * and offers a reload instead of a blank page.
 */
interface Props {
  children: ReactNode;
  /** Called after a caught error is reported (e.g. to let a failed chunk load be tried again later). */
  onError?: () => void;
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    const componentName =
      info.componentStack
        ?.trim()
        .split('\n')[0]
        ?.replace(/^at\s+/, '')
        .split(' ')[0] ?? null;
    const report = error instanceof Error ? Object.assign(error, { componentName }) : error;
    reportSiteError(report);
    this.props.onError?.();
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <section role="alert" className="mx-auto max-w-xl px-4 pt-36 pb-24 text-center">
        <h1 className="text-3xl font-bold text-slate-900">{noticeText.errorTitle}</h1>
        <p className="mt-4 text-lg text-slate-600">{noticeText.errorBody}</p>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="mt-8 inline-flex min-h-11 items-center rounded-full bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700"
        >
          {noticeText.errorReload}
        </button>
      </section>
    );
  }
}
