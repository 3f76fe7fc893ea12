import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import type { BaseLocationHook } from 'wouter';

/** The props of the remote's `./App` (the site's `AppProps`; the harness may not import the site's code). */
export interface SiteAppProps {
  base?: string;
  ssrPath?: string;
  hook?: BaseLocationHook;
}

export type SiteApp = ComponentType<SiteAppProps>;

export const REMOTE_NAME = 'agency_site';
const LOAD_TIMEOUT_MS = 15_000;

export class RemoteLoadError extends Error {
  override name = 'RemoteLoadError';
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RemoteLoadError(`${what} did not answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Registers `agency_site` from its manifest and loads `./App` through the Module Federation runtime. `force` drops
 * what the runtime cached for the remote, so that Retry really fetches the manifest again.
 */
export async function loadSiteApp(manifestUrl: string, force: boolean): Promise<SiteApp> {
  registerRemotes([{ name: REMOTE_NAME, entry: manifestUrl }], { force });
  let module: { default?: unknown; App?: unknown } | null;
  try {
    module = await withTimeout(
      loadRemote<{ default?: unknown; App?: unknown }>(`${REMOTE_NAME}/App`),
      LOAD_TIMEOUT_MS,
      manifestUrl,
    );
  } catch (error) {
    if (error instanceof RemoteLoadError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new RemoteLoadError(message);
  }
  const App = module?.App ?? module?.default;
  if (typeof App !== 'function' && (typeof App !== 'object' || App === null)) {
    throw new RemoteLoadError(`${REMOTE_NAME}/App did not export a component`);
  }
  return App as SiteApp;
}
