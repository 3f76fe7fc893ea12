import { stripAccessToken } from '../platform/launch-params.ts';
import { type LaunchParams, takeLaunchParams } from './launch-params.ts';
import { type BridgeMessage, describeError, httpStatusOf } from './messages.ts';
import { resolveParentOrigin } from './parent-origin.ts';

export interface BridgeOptions {
  /** Editor origins the bridge may post to (never `'*'`). */
  editorOrigins: readonly string[];
  /** Origins a `server_url` launch parameter may name. */
  serverUrlAllowList?: readonly string[];
  /** The launch token an earlier script of the page already took from the address (the boot script), if any. */
  takenLaunchToken?: string | null;
}

export interface Bridge {
  /** The launch query as read at install time (the token is already out of the address bar). */
  launch: LaunchParams;
  /** The origin messages go to, or null when nothing is posted (not framed, or unknown parent). */
  targetOrigin: string | null;
  /** Posts a message to the parent frame (a no-op when `targetOrigin` is null). */
  post(message: BridgeMessage): void;
  /** Reports an error as `app_error` (skipped for HTTP status 402), or `preload-error` for a failed chunk. */
  reportError(error: unknown): void;
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
 * `app_changed_url` for the first load and every navigation, and `app_error` / `preload-error` for unhandled failures.
 * Later calls return the installed bridge.
 */
export function installBridge(options: BridgeOptions, win: Window = window): Bridge {
  const guarded = win as GuardedWindow;
  const existing = guarded[GUARD];
  if (existing) return existing;

  // Stryker disable next-line ArrayDeclaration: an entry that is not an origin matches no server_url, as none does.
  const launch = takeLaunchParams(win, options.serverUrlAllowList ?? [], options.takenLaunchToken);
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
    } else {
      post({ type: 'app_error', error: details });
    }
  };

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

  const bridge: Bridge = { launch, targetOrigin, post, reportError };
  guarded[GUARD] = bridge;
  announceUrl();
  return bridge;
}
