import type { SiteConfig } from '../../../src/site-config-types.ts';
import { serializeCsp } from '../serving/content-security-policy.ts';

/**
 * The CSP sources a prerendered page's inline elements need (its boot script, its first screen's CSS), by the
 * directive they extend: one entry of `dist/csp-hashes.json`, written by scripts/prerender.mjs.
 */
export interface InlineSources {
  'script-src'?: readonly string[];
  'style-src'?: readonly string[];
}

/**
 * The WebSocket origin matching an http(s) origin (`http://h` → `ws://h`): the origin always starts with its scheme
 * (config/site-config.ts checks it), so its first `http` is the scheme's.
 */
function socketOrigin(origin: string): string {
  return origin.replace('http', 'ws');
}

/** Only `'sha256-…'` sources are taken from the build's list: it can never widen the policy beyond those elements. */
function hashes(sources: unknown): string[] {
  return Array.isArray(sources)
    ? sources.filter((source) => typeof source === 'string' && /^'sha256-[A-Za-z0-9+/]{43}='$/.test(source))
    : [];
}

/**
 * The Content-Security-Policy of the site (docs/security.md, "Headers (served by the harness, and documented for
 * production hosting)"): same-origin everything, the platform's API and socket, no inline or eval'd script but the
 * page's own inline elements allowed by hash, framed only by itself and the editor origins.
 */
function contentSecurityPolicy(config: SiteConfig, inline: InlineSources | null | undefined): string {
  const platform = [config.serverUrl, socketOrigin(config.serverUrl)];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...hashes(inline?.['script-src'])],
    'style-src': ["'self'", ...hashes(inline?.['style-src'])],
    'img-src': ["'self'", 'data:'],
    // Fonts: `default-src 'self'` already (the site loads none; a font-src of its own would repeat it in every page's
    // first round trip).
    'connect-src': ["'self'", ...platform],
    'frame-src': ["'none'"],
    'frame-ancestors': ["'self'", ...config.editorOrigins],
    'form-action': ["'self'"],
    'base-uri': ["'none'"],
    'object-src': ["'none'"],
  };
  return serializeCsp(directives);
}

/**
 * Headers sent on every response of the site server (docs/security.md, "Headers (served by the harness, and documented
 * for production hosting)": the policy, and CORS for the federated remote); `inline` extends the policy of a
 * prerendered page with the hashes of its inline boot script and CSS.
 */
export function securityHeaders(
  config: SiteConfig,
  inline: InlineSources | null | undefined = {},
): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(config, inline),
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  };
}
