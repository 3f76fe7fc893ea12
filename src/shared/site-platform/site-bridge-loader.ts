import type { Bridge } from '../../bridge/index.ts';

/**
 * The site's parent-frame bridge (`site-bridge.ts`) travels with the platform client, in its chunk, which every page
 * loads once it is live (the startup check): a public visit needs the bridge for little (it posts only inside the
 * editor, and the launch token was taken before the first paint by the boot script, src/entries/boot-script.ts), so its
 * code is not part of the first load. Errors raised before it is installed are kept and reported once it is.
 */

/** Errors kept at most until the bridge is installed (it reports no more than 20 a minute anyway). */
const MAX_KEPT = 20;

let loading: Promise<Bridge> | undefined;
const early: unknown[] = [];
const keep = (event: ErrorEvent | PromiseRejectionEvent) => {
  if (early.length < MAX_KEPT) early.push('reason' in event ? event.reason : (event.error ?? event.message));
};

/** Keeps the page's uncaught errors until the bridge is installed (the standalone entry calls it first). */
export function holdEarlyErrors(): void {
  addEventListener('error', keep);
  addEventListener('unhandledrejection', keep);
}

/** Loads and installs the bridge (once), then reports the errors kept until then. */
export function loadSiteBridge(): Promise<Bridge> {
  loading ??= import(/* webpackChunkName: "platform" */ './site-bridge.ts').then(
    ({ getSiteBridge }) => {
      removeEventListener('error', keep);
      removeEventListener('unhandledrejection', keep);
      const bridge = getSiteBridge();
      for (const error of early.splice(0)) bridge.reportError(error);
      return bridge;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** When the bridge's own chunk cannot load, a part of the site failed to load: the reload notice is offered directly. */
const offerReload = () => void dispatchEvent(new CustomEvent('preload-error'));

/**
 * Installs the bridge once the page is live (or inside a host that mounts `./App`), and tells the editor the site has
 * rendered (`sandbox:onMounted`, posted only inside the editor). Returns what tells it the site is gone.
 */
export function installSiteBridge(): () => void {
  let live = true;
  const bridge = loadSiteBridge();
  bridge.then((installed) => live && installed.mounted(), offerReload);
  return () => {
    live = false;
    bridge.then(
      (installed) => installed.unmounted(),
      () => {},
    );
  };
}

/** Reports an error through the bridge (`app_error`, or the reload notice and `preload-error` for a failed chunk). */
export function reportSiteError(error: unknown): void {
  loadSiteBridge().then((bridge) => bridge.reportError(error), offerReload);
}
