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

/** Where a page's forms may lead and who may frame it. */
export interface PagePolicy {
  /** Origins a form's 303 may lead to, besides this one (browsers apply form-action to the redirect too). */
  formTargets: readonly string[];
  /** Origins that may frame the page, besides this one. */
  frameAncestors: readonly string[];
}

/** The login page: it returns to any local site, and a local site's frame may show it. */
export const LOCAL_PAGE_POLICY: PagePolicy = {
  formTargets: ['http://localhost:*', 'http://127.0.0.1:*'],
  frameAncestors: ['http://localhost:*', 'http://127.0.0.1:*'],
};

// Strict policy: no script at all, styles only from this origin; forms post here and lead where the policy says.
function pageCsp(policy: PagePolicy): string {
  return [
    "default-src 'none'",
    "style-src 'self'",
    "img-src 'self'",
    ["form-action 'self'", ...policy.formTargets].join(' '),
    "base-uri 'none'",
    ["frame-ancestors 'self'", ...policy.frameAncestors].join(' '),
  ].join('; ');
}

/** Sends one of the emulator's pages with its security headers. */
export function sendPage(
  reply: FastifyReply,
  status: number,
  title: string,
  body: string,
  policy: PagePolicy = LOCAL_PAGE_POLICY,
): FastifyReply {
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
    .header('content-security-policy', pageCsp(policy))
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
