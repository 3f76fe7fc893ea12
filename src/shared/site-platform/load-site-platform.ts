import type { SitePlatform } from './site-platform.ts';

/**
 * The platform client in its own chunk: the page renders and hydrates without it, and the startup check, page logs
 * and checkout load it when they first need it (it is small, and usually cached by then).
 */
export function loadSitePlatform(): Promise<SitePlatform> {
  return import(/* webpackChunkName: "platform" */ './site-platform.ts').then((m) => m.getSitePlatform());
}
