import { useEffect, useMemo, useRef, useState } from 'react';
import type { BaseLocationHook } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { loadSiteApp, REMOTE_NAME, type SiteApp } from './load-site-app.ts';
import { PreviewStage } from './preview-stage.tsx';
import { RemoteBoundary } from './remote-boundary.tsx';

type LoadState =
  | { status: 'loading' }
  | { status: 'ready'; App: SiteApp }
  | { status: 'failed'; message: string };

interface Props {
  manifestUrl: string;
  siteOrigin: string;
  width: number;
}

/**
 * `./App` of the site, loaded through the Module Federation runtime into the shell's own document. It routes on an
 * in-memory location, so its navigation never touches the shell's address (and the shell's bar keeps following the
 * iframe only).
 */
export function FederatedView({ manifestUrl, siteOrigin, width }: Props) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  // A fresh location per attempt: a retried site starts on its home page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the reason to recreate it.
  const memory = useMemo(() => memoryLocation({ path: '/', record: true }), [attempt]);

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    loadSiteApp(manifestUrl, attempt > 0).then(
      (App) => current && setState({ status: 'ready', App }),
      (error: unknown) => {
        console.error('[shell] could not load the federated site', error);
        if (current)
          setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      current = false;
    };
  }, [manifestUrl, attempt]);

  const retry = () => setAttempt((n) => n + 1);
  const failure = (message: string) => (
    <FederatedError manifestUrl={manifestUrl} siteOrigin={siteOrigin} message={message} onRetry={retry} />
  );

  return (
    <section className="es-pane" aria-label="Federated view">
      <header className="es-pane-bar">
        <span className="es-chip">{REMOTE_NAME}/App</span>
        <span className="es-muted es-ellipsis" title={manifestUrl}>
          {manifestUrl}
        </span>
        {state.status === 'ready' ? <MemoryPath hook={memory.hook} /> : null}
        <button type="button" className="es-button es-push" onClick={retry}>
          Reload module
        </button>
      </header>
      {state.status === 'loading' ? (
        <p className="es-placeholder" role="status">
          Loading {REMOTE_NAME}/App from {manifestUrl}…
        </p>
      ) : state.status === 'failed' ? (
        failure(state.message)
      ) : (
        <RemoteBoundary key={attempt} fallback={(error) => failure(`It failed to render: ${error.message}`)}>
          <PreviewStage width={width}>
            <FederatedSite App={state.App} hook={memory.hook} />
          </PreviewStage>
        </RemoteBoundary>
      )}
    </section>
  );
}

/** The current in-memory location of the federated site (read through the same hook the site routes on). */
function MemoryPath({ hook }: { hook: BaseLocationHook }) {
  const [path] = hook();
  return (
    <span
      className="es-memory-path"
      data-testid="federated-location"
      title="In-memory location of the federated site"
    >
      memory: <code>{path}</code>
    </span>
  );
}

/** The mounted site, in its own scroll box; a new page starts at its top (the site's own hook scrolls `window`). */
function FederatedSite({ App, hook }: { App: SiteApp; hook: BaseLocationHook }) {
  const [path] = hook();
  const scroller = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a change of `path` is what triggers the scroll.
  useEffect(() => {
    scroller.current?.scrollTo(0, 0);
  }, [path]);
  return (
    <div className="es-federated-root" data-testid="federated-root" ref={scroller}>
      <App hook={hook} />
    </div>
  );
}

interface ErrorProps {
  manifestUrl: string;
  siteOrigin: string;
  message: string;
  onRetry: () => void;
}

function FederatedError({ manifestUrl, siteOrigin, message, onRetry }: ErrorProps) {
  return (
    <div className="es-federated-error" data-testid="federated-error" role="alert">
      <h2>The federated site could not be loaded</h2>
      <p>
        The shell asked the Module Federation runtime for <code>{REMOTE_NAME}/App</code> from{' '}
        <code>{manifestUrl}</code>, and it failed:
      </p>
      <pre>{message}</pre>
      <p className="es-muted">
        Is the site server running on <code>{siteOrigin}</code> with a build in <code>dist/</code>? Run{' '}
        <code>npm run build</code>, then <code>npm start</code>.
      </p>
      <button type="button" className="es-button es-button-primary" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
