import type { FastifyInstance, FastifyReply } from 'fastify';
import { PAGES_CSS } from './page-styles.ts';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);
}

// Strict policy: no script at all, styles only from this origin; forms may post here and their 303 may lead to a
// local site (browsers apply form-action to the redirect too).
const PAGE_CSP = [
  "default-src 'none'",
  "style-src 'self'",
  "img-src 'self'",
  "form-action 'self' http://localhost:* http://127.0.0.1:*",
  "base-uri 'none'",
  "frame-ancestors 'self' http://localhost:* http://127.0.0.1:*",
].join('; ');

/** Sends one of the emulator's pages with its security headers. */
export function sendPage(reply: FastifyReply, status: number, title: string, body: string): FastifyReply {
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="/__harness/assets/pages.css">
</head>
<body>
<main>
<p class="badge">Local stand-in</p>
${body}
</main>
</body>
</html>
`;
  // Referrer-Policy same-origin, not no-referrer: under no-referrer a browser sends `Origin: null` with the page's own
  // form posts, which the control API (the payment page's Pay and Cancel) must refuse. No other origin gets a Referer.
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', PAGE_CSP)
    .header('referrer-policy', 'same-origin')
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send(html);
}

/** Serves the pages' stylesheet. */
export function registerPageAssets(app: FastifyInstance): void {
  app.get('/__harness/assets/pages.css', async (_request, reply) =>
    reply
      .header('content-type', 'text/css; charset=utf-8')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'no-cache')
      .send(PAGES_CSS),
  );
}
