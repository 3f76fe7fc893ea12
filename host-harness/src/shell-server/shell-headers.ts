import { serializeCsp } from '../serving/content-security-policy.ts';

/** What the shell page may load: itself, and the site (iframe, federated scripts, styles, manifest). */
export interface ShellPolicyOptions {
  siteOrigin: string;
  serverUrl: string;
  /**
   * Every origin a federated remote may come from (`remoteOrigins` of remote-override.ts: the site's, then those given
   * to the harness); default the site's alone. Fixed when the harness starts: no request widens it.
   */
  remoteOrigins?: readonly string[];
}

/**
 * The shell page's Content-Security-Policy: no inline or eval'd script; scripts, styles and the manifest from the shell
 * and the remotes' origins (the federation runtime loads the remote's chunks from there); only the site (and the
 * platform's login page it may redirect to) in frames; the shell itself is never framed.
 */
function shellContentSecurityPolicy({ siteOrigin, serverUrl, remoteOrigins }: ShellPolicyOptions): string {
  const remote = remoteOrigins?.length ? [...remoteOrigins] : [siteOrigin];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...remote],
    'style-src': ["'self'", ...remote],
    'img-src': ["'self'", 'data:', ...remote],
    'font-src': ["'self'", ...remote],
    'connect-src': ["'self'", ...remote, serverUrl, serverUrl.replace('http', 'ws')],
    // The site's own login redirect (the platform's /login on the server) happens inside the preview frame.
    'frame-src': [siteOrigin, serverUrl],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    'base-uri': ["'none'"],
    'object-src': ["'none'"],
  };
  return serializeCsp(directives);
}

/**
 * Headers of every shell response (docs/security.md, "Headers (served by the harness, and documented for production
 * hosting)"); the CSP only matters on the HTML page but costs nothing.
 */
export function shellHeaders(options: ShellPolicyOptions): Record<string, string> {
  return {
    'Content-Security-Policy': shellContentSecurityPolicy(options),
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Content-Type-Options': 'nosniff',
  };
}
