import { installBridge } from '../bridge/index.ts';
import { siteConfig } from '../site-config.ts';

/**
 * Starts the parent-frame bridge with the configured editor origins. Idempotent: the standalone entry calls it before
 * the first render (so `access_token` leaves the address bar first), and `./App` calls it on mount inside a host.
 */
export function startBridge() {
  return installBridge({
    editorOrigins: siteConfig.editorOrigins,
    serverUrlAllowList: siteConfig.serverUrlAllowList,
  });
}
