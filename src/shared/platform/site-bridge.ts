import { installBridge } from '../../bridge/index.ts';
import { siteConfig } from '../../site-config.ts';

/**
 * The site's parent-frame bridge, with the configured editor origins; the first call installs it, every later call
 * returns the same one. The standalone entry calls it before the first render (so `access_token` leaves the address
 * bar first), and `./App` calls it on mount inside a host.
 */
export function getSiteBridge() {
  return installBridge({
    editorOrigins: siteConfig.editorOrigins,
    serverUrlAllowList: siteConfig.serverUrlAllowList,
  });
}
