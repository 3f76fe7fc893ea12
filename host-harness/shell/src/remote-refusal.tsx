import type { RemoteRefusal } from './shell-config.ts';

/**
 * Says that the shell's `?remote=` was refused, and why: the federated view shows the site's own remote instead of
 * running code from an origin nobody configured (docs/security.md, "Servers of the harness and the backend functions").
 * Nothing when there was no refusal.
 */
export function RemoteRefusalNotice({ refusal }: { refusal: RemoteRefusal | null }) {
  if (!refusal) return null;
  return (
    <p className="es-remote-refusal" role="alert" data-testid="remote-refusal">
      <strong>?remote= refused:</strong> <code>{refusal.given}</code> was not loaded, because {refusal.reason}
      ; the site&apos;s own remote is shown instead. Another origin can be allowed when the harness starts (
      <code>--remote-origin</code> or <code>SHELL_REMOTE_ORIGINS</code>).
    </p>
  );
}
