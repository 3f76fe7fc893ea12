import type { SiteConfig } from '../../../src/site-config-types.ts';
import { serializeCsp } from '../http-shared/content-security-policy.ts';

/** The WebSocket origin matching an http(s) origin (`http://h` → `ws://h`). */
function socketOrigin(origin: string): string {
  return origin.replace(/^http/, 'ws');
}

/**
 * The Content-Security-Policy of the site (security rule 11): same-origin everything, the platform's API and socket,
 * no inline or eval'd script, framed only by itself and the editor origins.
 */
function contentSecurityPolicy(config: SiteConfig): string {
  const platform = [config.serverUrl, socketOrigin(config.serverUrl)];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...platform],
    'frame-src': ["'none'"],
    'frame-ancestors': ["'self'", ...config.editorOrigins],
    'form-action': ["'self'"],
    'base-uri': ["'none'"],
    'object-src': ["'none'"],
  };
  return serializeCsp(directives);
}

/** Headers sent on every response of the site server (security rules 11 and 12). */
export function securityHeaders(config: SiteConfig): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(config),
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  };
}
