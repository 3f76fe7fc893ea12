import { useCallback, useMemo, useRef, useState } from 'react';
import { type Account, accounts, signIn } from './accounts.ts';
import { BridgeLogPanel } from './bridge-log-panel.tsx';
import type { LogEntry } from './bridge-messages.ts';
import { ErrorsPanel } from './errors-panel.tsx';
import { FederatedView } from './federated-view.tsx';
import { IframeView } from './iframe-view.tsx';
import { NavBar } from './nav-bar.tsx';
import { RemoteRefusalNotice } from './remote-refusal.tsx';
import type { ShellConfig } from './shell-config.ts';
import { displayPath, launchUrl, normalisePath } from './site-url.ts';
import { type DeviceWidth, TopBar, type ViewMode } from './top-bar.tsx';
import { useBridgeLog } from './use-bridge-log.ts';

/** What the platform's editor shows in its error panel: `app_error` (a `preload-error` stays in the bridge log). */
const ERROR_TYPES = new Set(['app_error']);
/** The preview's "rendered" signal (the platform's own preview code posts these). */
const MOUNT_TYPES = new Set(['sandbox:onMounted', 'sandbox:onUnmounted']);

interface AccountState {
  id: Account['id'];
  token: string | null;
  busy: boolean;
  error: string | null;
  /**
   * The frame's storage: a fresh, throwaway one for Anonymous (a `credentialless` frame), the signed-in frame's
   * otherwise. "Forget token" keeps the signed-in frame's storage, so that the site's own forgetting shows.
   */
  partition: 'anonymous' | 'signed-in';
  /** The next launch adds `clear_access_token=true` ("Forget token"). */
  clearToken: boolean;
}

/** The editor shell: top bars, the preview (iframe or federated), the bridge log and the errors panel. */
export function ShellApp({ config }: { config: ShellConfig }) {
  const { siteOrigin, appId, serverUrl, manifestUrl } = config;
  const [view, setView] = useState<ViewMode>('iframe');
  const [device, setDevice] = useState<DeviceWidth>(1440);
  const [account, setAccount] = useState<AccountState>({
    id: 'anonymous',
    token: null,
    busy: false,
    error: null,
    partition: 'anonymous',
    clearToken: false,
  });
  const [frame, setFrame] = useState({ path: '/', generation: 0 });
  const [address, setAddress] = useState<string | null>(null);
  const [canGoBack, setCanGoBack] = useState(false);
  const [errorsClearedAfter, setErrorsClearedAfter] = useState(0);
  // The last log entry before the frame was (re)loaded by the shell: the rendered signal counts from there.
  const [frameLoadedAfter, setFrameLoadedAfter] = useState(0);
  const lastLogId = useRef(0);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const tokens = useRef(new Set<string>());
  const stack = useRef<string[]>([]);
  const signInRequest = useRef(0);

  const onUrlChanged = useCallback(
    (url: string) => {
      const path = displayPath(url, siteOrigin);
      setAddress(path);
      if (stack.current.at(-1) !== path) stack.current.push(path);
      setCanGoBack(stack.current.length > 1);
    },
    [siteOrigin],
  );
  const log = useBridgeLog({ siteOrigin, frameRef, tokens, onUrlChanged });
  lastLogId.current = log.entries.at(-1)?.id ?? 0;

  const loadFrame = useCallback((path: string) => {
    setFrame((current) => ({ path, generation: current.generation + 1 }));
    setFrameLoadedAfter(lastLogId.current);
  }, []);
  const here = address ?? frame.path;

  const chooseAccount = async (id: Account['id']) => {
    const request = ++signInRequest.current;
    const chosen = accounts.find((option) => option.id === id);
    if (!chosen || id === 'anonymous') {
      setAccount({ ...ANONYMOUS, partition: 'anonymous' });
      loadFrame(here);
      return;
    }
    setAccount((current) => ({ ...current, id, busy: true, error: null }));
    try {
      const token = await signIn(appId, chosen);
      if (request !== signInRequest.current) return;
      tokens.current.add(token);
      setAccount({ id, token, busy: false, error: null, partition: 'signed-in', clearToken: false });
      loadFrame(here);
    } catch (error) {
      if (request !== signInRequest.current) return;
      setAccount((current) => ({
        ...current,
        id,
        token: null,
        busy: false,
        error: error instanceof Error ? error.message : String(error),
      }));
    }
  };

  // The site forgets the token it stored: launched once with clear_access_token=true and no access_token, in the
  // same frame storage, as the platform's newer app templates are.
  const forgetToken = () => {
    ++signInRequest.current;
    setAccount((current) => ({ ...ANONYMOUS, partition: current.partition, clearToken: true }));
    loadFrame(here);
  };

  // The editor's own reload: it asks the site, which reloads itself (its bridge listens to this origin only).
  const sendRefreshPage = () => {
    frameRef.current?.contentWindow?.postMessage({ type: 'refresh-page' }, siteOrigin);
  };

  const chooseView = (next: ViewMode) => {
    if (next === 'iframe' && view !== 'iframe') loadFrame(here);
    setView(next);
  };

  const back = () => {
    if (stack.current.length < 2) return;
    stack.current.pop();
    const previous = stack.current.at(-1) ?? '/';
    setCanGoBack(stack.current.length > 1);
    loadFrame(previous);
  };

  const navigate = (input: string): string | null => {
    const path = normalisePath(input, siteOrigin);
    if (!path) return `Only paths on ${siteOrigin} can be opened`;
    loadFrame(path);
    return null;
  };

  const src = useMemo(
    () =>
      launchUrl(frame.path, {
        siteOrigin,
        appId,
        serverUrl,
        accessToken: account.token,
        clearToken: account.clearToken,
      }),
    [frame.path, siteOrigin, appId, serverUrl, account.token, account.clearToken],
  );
  const errors = log.entries.filter(
    (entry) => !entry.rejected && ERROR_TYPES.has(entry.type) && entry.id > errorsClearedAfter,
  );
  const mountSignals = log.entries.filter(
    (entry) => !entry.rejected && MOUNT_TYPES.has(entry.type) && entry.id > frameLoadedAfter,
  );
  const signedInAs = account.token
    ? (accounts.find((option) => option.id === account.id)?.label ?? null)
    : null;

  return (
    <div className="es-shell">
      <header className="es-header">
        <TopBar
          view={view}
          onView={chooseView}
          device={device}
          onDevice={setDevice}
          account={account.id}
          onAccount={(id) => void chooseAccount(id)}
          accountStatus={{ busy: account.busy, error: account.error, signedInAs }}
        />
        <NavBar
          address={address}
          siteOrigin={siteOrigin}
          canGoBack={canGoBack}
          enabled={view === 'iframe'}
          onBack={back}
          onReload={() => loadFrame(here)}
          onNavigate={navigate}
        />
        <RemoteRefusalNotice refusal={config.remoteRefusal} />
      </header>
      <div className="es-main">
        <div className="es-preview">
          {view === 'iframe' ? (
            <section className="es-pane" aria-label="Iframe view">
              <header className="es-pane-bar">
                <span className="es-chip">iframe</span>
                <span className="es-muted es-ellipsis">
                  {siteOrigin} · app_id={appId} · server_url={serverUrl} · access_token=
                  {signedInAs ? `(${signedInAs}'s token, hidden)` : '(none)'}
                  {account.clearToken ? ' · clear_access_token=true' : ''}
                </span>
                <RenderedStatus signals={mountSignals} />
                <button
                  type="button"
                  className="es-button es-button-small es-push"
                  title="Posts {type: 'refresh-page'} to the site, which reloads itself (the platform editor's reload)"
                  onClick={sendRefreshPage}
                >
                  Send refresh-page
                </button>
                <button
                  type="button"
                  className="es-button es-button-small"
                  title="Launches the site once with clear_access_token=true and no access_token: it forgets its stored token"
                  onClick={forgetToken}
                >
                  Forget token
                </button>
              </header>
              <IframeView
                frameRef={frameRef}
                src={src}
                generation={frame.generation}
                anonymous={account.partition === 'anonymous'}
                width={device}
              />
            </section>
          ) : (
            <FederatedView manifestUrl={manifestUrl} siteOrigin={siteOrigin} width={device} />
          )}
        </div>
        <aside className="es-side" aria-label="Bridge">
          <BridgeLogPanel entries={log.entries} onClear={log.clear} />
          <ErrorsPanel
            entries={errors}
            onClear={() => setErrorsClearedAfter(log.entries.at(-1)?.id ?? errorsClearedAfter)}
          />
        </aside>
      </div>
    </div>
  );
}

const ANONYMOUS = { id: 'anonymous', token: null, busy: false, error: null, clearToken: false } as const;

/**
 * The preview's "rendered" indicator: the last `sandbox:onMounted` / `sandbox:onUnmounted` since the shell loaded the
 * frame, and how many `sandbox:onMounted` arrived (once per load of the page).
 */
function RenderedStatus({ signals }: { signals: readonly LogEntry[] }) {
  const last = signals.at(-1)?.type;
  const mounts = signals.filter((entry) => entry.type === 'sandbox:onMounted').length;
  const state = last === 'sandbox:onMounted' ? 'rendered' : last ? 'unmounted' : 'waiting';
  return (
    <span
      className={`es-chip es-rendered es-rendered-${state}`}
      role="status"
      data-testid="rendered-status"
      data-mounts={mounts}
      title="The site's sandbox:onMounted / sandbox:onUnmounted since the frame was loaded"
    >
      {state === 'rendered' ? 'Rendered' : state === 'unmounted' ? 'Unmounted' : 'Not rendered yet'}
      {mounts ? ` · onMounted ×${mounts}` : ''}
    </span>
  );
}
