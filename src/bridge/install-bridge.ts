import { stripAccessToken } from '../platform/launch-token/index.ts';
import { type LaunchParams, takeLaunchParams } from './launch-params.ts';
import { type BridgeMessage, describeError, httpStatusOf, REFRESH_PAGE } from './messages.ts';
import { resolveParentOrigin } from './parent-origin.ts';

export interface BridgeOptions {
  /** Editor origins the bridge may post to (never `'*'`). */
  editorOrigins: readonly string[];
  /** Origins a `server_url` launch parameter may name. */
  serverUrlAllowList?: readonly string[];
}

export interface Bridge {
  /** The launch query as read at install time (the token is already out of the address bar). */
  launch: LaunchParams;
  /** The origin messages go to, or null when nothing is posted (not framed, or unknown parent). */
  targetOrigin: string | null;
  /** Posts a message to the parent frame (a no-op when `targetOrigin` is null). */
  post(message: BridgeMessage): void;
  /**
   * Reports an error as `app_error` (skipped for HTTP status 402); a failed chunk (a page or a part of the remote that
   * did not load) also as the `preload-error` event and message.
   */
  reportError(error: unknown): void;
  /** The site has rendered: tells the editor (`sandbox:onMounted`) once, until it is gone. */
  mounted(): void;
  /** The site is gone (unmounted): tells the editor (`sandbox:onUnmounted`), once, if it was told of the mount. */
  unmounted(): void;
}

const GUARD = Symbol.for('agency-site.bridge');
const MAX_ERRORS_PER_MINUTE = 20;
const DUPLICATE_WINDOW_MS = 2000;

type GuardedWindow = Window & { [GUARD]?: Bridge };

function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || /Loading (CSS )?chunk .+ failed/i.test(error.message);
}

/**
 * Installs the bridge once per window (guarded under `Symbol.for`): takes the launch query, then posts
 * `app_changed_url` for the first load and every navigation, `app_error` (and `preload-error` for a failed chunk) for
 * unhandled failures, and `sandbox:onMounted` / `sandbox:onUnmounted` when told the site has rendered or gone (and when
 * the page is hidden and shown again). It reloads the page when the verified editor posts `{type: 'refresh-page'}`;
 * a message from any other window or origin does nothing. Later calls return the installed bridge.
 */
export function installBridge(options: BridgeOptions, win: Window = window): Bridge {
  const guarded = win as GuardedWindow;
  const existing = guarded[GUARD];
  if (existing) return existing;

  // Stryker disable next-line ArrayDeclaration: an entry that is not an origin matches no server_url, as none does.
  const launch = takeLaunchParams(win, options.serverUrlAllowList ?? []);
  const targetOrigin = resolveParentOrigin(win, options.editorOrigins);
  const scrub = (text: string) =>
    launch.accessToken ? text.split(launch.accessToken).join('[redacted]') : text;

  const post = (message: BridgeMessage) => {
    if (!targetOrigin) return;
    try {
      win.parent.postMessage(JSON.parse(scrub(JSON.stringify(message))), targetOrigin);
    } catch (error) {
      console.warn('[bridge] could not post a message to the parent frame', error);
    }
  };

  let lastUrl: string | null = null;
  const announceUrl = () => {
    // The launch token left the address bar before the first announcement; a link followed later may bring one in.
    const url = stripAccessToken(win.location.href);
    if (url === lastUrl) return;
    lastUrl = url;
    post({ type: 'app_changed_url', url });
  };

  const recent: number[] = [];
  let lastKey: string | null = null;
  let lastAt = 0;
  const reportError = (error: unknown) => {
    if (httpStatusOf(error) === 402) return;
    const preload = isChunkLoadError(error);
    // A failed chunk is always an Error, titled by its own name and message: the fallback is for anything else.
    const details = describeError(error, 'Unhandled error');
    const key = `${details.title}\n${details.details}`;
    const now = Date.now();
    if (key === lastKey && now - lastAt < DUPLICATE_WINDOW_MS) return;
    lastKey = key;
    lastAt = now;
    while (recent.length && now - (recent[0] ?? 0) > 60_000) recent.shift();
    if (recent.length >= MAX_ERRORS_PER_MINUTE) return;
    recent.push(now);
    if (preload) {
      win.dispatchEvent(new CustomEvent('preload-error', { detail: details }));
      post({ type: 'preload-error', error: details });
    }
    // The editor's error panel listens for app_error only (nothing of the platform's own preview code sends or
    // handles preload-error), so a part that failed to load is reported that way too.
    post({ type: 'app_error', error: details });
  };

  // Whether the site said it has rendered, and whether the editor was told so (once per showing of the page).
  let rendered = false;
  let announced = false;
  const announce = (on: boolean) => {
    if (announced === on) return;
    announced = on;
    post({ type: on ? 'sandbox:onMounted' : 'sandbox:onUnmounted' });
  };
  const mounted = () => {
    rendered = true;
    announce(true);
  };
  const unmounted = () => {
    rendered = false;
    announce(false);
  };
  // Leaving the page (or its frame being removed) is the site going; a page restored from the back/forward cache is
  // there again.
  win.addEventListener('pagehide', () => announce(false));
  win.addEventListener('pageshow', () => announce(rendered));

  // The editor asks for a reload: only the parent window, from the origin verified above, is listened to.
  win.addEventListener('message', (event) => {
    if (!targetOrigin || event.source !== win.parent || event.origin !== targetOrigin) return;
    // Any value but null and undefined has properties to read (a string's `type` is undefined).
    if ((event.data as { type?: unknown } | null | undefined)?.type === REFRESH_PAGE) win.location.reload();
  });

  for (const method of ['pushState', 'replaceState'] as const) {
    const original = win.history[method];
    win.history[method] = function patched(this: History, ...args: Parameters<History['pushState']>) {
      const result = original.apply(this, args);
      announceUrl();
      return result;
    };
  }
  win.addEventListener('popstate', announceUrl);
  win.addEventListener('error', (event) => reportError(event.error ?? event.message));
  win.addEventListener('unhandledrejection', (event) => reportError(event.reason));

  const bridge: Bridge = { launch, targetOrigin, post, reportError, mounted, unmounted };
  guarded[GUARD] = bridge;
  announceUrl();
  return bridge;
}
