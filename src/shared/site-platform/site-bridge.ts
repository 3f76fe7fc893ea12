import { installBridge } from '../../bridge/index.ts';
import { siteConfig } from '../../site-config.ts';

/**
 * The site's parent-frame bridge, with the configured editor origins; the first call installs it, every later call
 * returns the same one. The standalone entry calls it once the page is live, and `./App` calls it on mount inside a
 * host. On a prerendered page the boot script has taken `access_token` out of the address bar before the first paint,
 * and the bridge gets the token it remembered for the page (src/platform/launch-token/); elsewhere the bridge takes
 * it itself.
 */
export function getSiteBridge() {
  return installBridge({
    editorOrigins: siteConfig.editorOrigins,
    serverUrlAllowList: siteConfig.serverUrlAllowList,
  });
}
