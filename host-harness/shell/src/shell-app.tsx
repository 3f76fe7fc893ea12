import { useCallback, useMemo, useRef, useState } from 'react';
import { type Account, accounts, signIn } from './accounts.ts';
import { BridgeLogPanel } from './bridge-log-panel.tsx';
import { ErrorsPanel } from './errors-panel.tsx';
import { FederatedView } from './federated-view.tsx';
import { IframeView } from './iframe-view.tsx';
import { NavBar } from './nav-bar.tsx';
import { RemoteRefusalNotice } from './remote-refusal.tsx';
import type { ShellConfig } from './shell-config.ts';
import { displayPath, launchUrl, normalisePath } from './site-url.ts';
import { type DeviceWidth, TopBar, type ViewMode } from './top-bar.tsx';
import { useBridgeLog } from './use-bridge-log.ts';

const ERROR_TYPES = new Set(['app_error', 'preload-error']);

interface AccountState {
  id: Account['id'];
  token: string | null;
  busy: boolean;
  error: string | null;
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
  });
  const [frame, setFrame] = useState({ path: '/', generation: 0 });
  const [address, setAddress] = useState<string | null>(null);
  const [canGoBack, setCanGoBack] = useState(false);
  const [errorsClearedAfter, setErrorsClearedAfter] = useState(0);
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

  const loadFrame = useCallback((path: string) => {
    setFrame((current) => ({ path, generation: current.generation + 1 }));
  }, []);
  const here = address ?? frame.path;

  const chooseAccount = async (id: Account['id']) => {
    const request = ++signInRequest.current;
    const chosen = accounts.find((option) => option.id === id);
    if (!chosen || id === 'anonymous') {
      setAccount({ id: 'anonymous', token: null, busy: false, error: null });
      loadFrame(here);
      return;
    }
    setAccount((current) => ({ ...current, id, busy: true, error: null }));
    try {
      const token = await signIn(appId, chosen);
      if (request !== signInRequest.current) return;
      tokens.current.add(token);
      setAccount({ id, token, busy: false, error: null });
      loadFrame(here);
    } catch (error) {
      if (request !== signInRequest.current) return;
      setAccount({
        id,
        token: null,
        busy: false,
        error: error instanceof Error ? error.message : String(error),
      });
    }
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
    () => launchUrl(frame.path, { siteOrigin, appId, serverUrl, accessToken: account.token }),
    [frame.path, siteOrigin, appId, serverUrl, account.token],
  );
  const errors = log.entries.filter(
    (entry) => !entry.rejected && ERROR_TYPES.has(entry.type) && entry.id > errorsClearedAfter,
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
                </span>
              </header>
              <IframeView
                frameRef={frameRef}
                src={src}
                generation={frame.generation}
                anonymous={!account.token}
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
