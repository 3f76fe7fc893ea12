import { parseRemoteOverride } from './remote-override.ts';

/** What the harness tells the shell page (injected into a `<meta>` tag by `register-shell.ts`). */
export interface ShellConfig {
  /** Origin of the site server, e.g. `http://localhost:4401`: the iframe's and the remote's origin. */
  siteOrigin: string;
  /** Platform app id passed as `app_id`, and used for the login API. */
  appId: string;
  /** Platform server URL passed as `server_url`. */
  serverUrl: string;
  /** The remote's manifest (`<siteOrigin>/mf-manifest.json`, or a loopback `?remote=` override). */
  manifestUrl: string;
}

export class ShellConfigError extends Error {
  override name = 'ShellConfigError';
}

/** Reads the injected configuration, and applies a valid `?remote=` override from the shell's own address. */
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
  const { siteOrigin, appId, serverUrl } = parsed;
  if (!siteOrigin || !appId || !serverUrl)
    throw new ShellConfigError('The shell configuration is incomplete.');
  const override = parseRemoteOverride(new URLSearchParams(search).get('remote'));
  return {
    siteOrigin,
    appId,
    serverUrl,
    manifestUrl: override?.href ?? `${siteOrigin}/mf-manifest.json`,
  };
}
