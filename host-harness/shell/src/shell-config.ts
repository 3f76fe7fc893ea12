import { parseRemoteOverride } from './remote-override.ts';

/** A `?remote=` the shell did not follow: what was asked (shortened) and why not. */
export interface RemoteRefusal {
  given: string;
  reason: string;
}

/** What the harness tells the shell page (injected into a `<meta>` tag by `register-shell.ts`). */
export interface ShellConfig {
  /** Origin of the site server, e.g. `http://localhost:4401`: the iframe's and the remote's origin. */
  siteOrigin: string;
  /** Platform app id passed as `app_id`, and used for the login API. */
  appId: string;
  /** Platform server URL passed as `server_url`. */
  serverUrl: string;
  /** Every origin a remote may come from: the site's, then those given to the harness (`--remote-origin`). */
  remoteOrigins: string[];
  /** The remote's manifest (`<siteOrigin>/mf-manifest.json`, or a `?remote=` on one of `remoteOrigins`). */
  manifestUrl: string;
  /** A `?remote=` that was refused (the site's own remote is used instead), else null. */
  remoteRefusal: RemoteRefusal | null;
}

export class ShellConfigError extends Error {
  override name = 'ShellConfigError';
}

/**
 * Reads the injected configuration, and applies a `?remote=` override from the shell's own address when it names one
 * of the configured origins; any other is refused (and said on screen), never followed.
 */
export function readShellConfig(doc: Document = document, search: string = location.search): ShellConfig {
  const raw = doc.querySelector('meta[name="editor-shell-config"]')?.getAttribute('content');
  let parsed: Partial<ShellConfig>;
  try {
    parsed = JSON.parse(raw ?? '') as Partial<ShellConfig>;
  } catch {
    throw new ShellConfigError(
      'The shell page carries no configuration: open it through the harness (:4400).',
    );
  }
  const { siteOrigin, appId, serverUrl, remoteOrigins } = parsed;
  if (!siteOrigin || !appId || !serverUrl || !Array.isArray(remoteOrigins))
    throw new ShellConfigError('The shell configuration is incomplete.');
  const override = parseRemoteOverride(new URLSearchParams(search).get('remote'), remoteOrigins);
  return {
    siteOrigin,
    appId,
    serverUrl,
    remoteOrigins,
    manifestUrl: override.kind === 'accepted' ? override.url.href : `${siteOrigin}/mf-manifest.json`,
    remoteRefusal: override.kind === 'refused' ? { given: override.given, reason: override.reason } : null,
  };
}
