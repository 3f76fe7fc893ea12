/**
 * The shell every page of the emulator is sent in (`serving/page-shell.ts`): escaped title, no script, a CSP naming
 * where its forms may lead and who may frame it, no referrer to other origins, never cached; and the pages' stylesheet.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  escapeHtml,
  LOCAL_PAGE_POLICY,
  registerPageAssets,
  sendPage,
} from '../../../../host-harness/src/serving/page-shell.ts';
import { PAGES_CSS } from '../../../../host-harness/src/serving/page-styles.ts';
import { type FeatureApp, featureApp } from '../emulator/feature-app.ts';

let open: FeatureApp | null = null;
afterEach(async () => {
  await open?.close();
  open = null;
});

describe('escapeHtml', () => {
  it('escapes & < > " and \' and leaves everything else', () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;',
    );
    expect(escapeHtml('&&<<')).toBe('&amp;&amp;&lt;&lt;');
    expect(escapeHtml('plain text, é — 100%')).toBe('plain text, é — 100%');
    expect(escapeHtml('')).toBe('');
  });
});

const PAGE = (title: string, body: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
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

describe('sendPage', () => {
  async function pageApp(): Promise<FeatureApp> {
    open = await featureApp((app) => {
      app.get('/local', async (_request, reply) => sendPage(reply, 400, 'Sign <in> & "go"', '<h1>Hi</h1>'));
      app.get('/pay', async (_request, reply) =>
        sendPage(reply, 200, 'Pay', '<form method="post"></form>', {
          formTargets: ['http://localhost:4401', 'http://127.0.0.1:4401'],
          frameAncestors: [],
        }),
      );
    });
    return open;
  }

  it('sends the page with its status, an escaped title and the body as given', async () => {
    const f = await pageApp();
    const page = await f.call('GET', '/local');
    expect(page.status).toBe(400);
    expect(page.text).toBe(PAGE('Sign &lt;in&gt; &amp; &quot;go&quot;', '<h1>Hi</h1>'));
  });

  it('with the local policy: forms lead to any local site, a local site may frame it', async () => {
    const f = await pageApp();
    const page = await f.call('GET', '/local');
    expect(LOCAL_PAGE_POLICY).toStrictEqual({
      formTargets: ['http://localhost:*', 'http://127.0.0.1:*'],
      frameAncestors: ['http://localhost:*', 'http://127.0.0.1:*'],
    });
    expect(page.headers).toMatchObject({
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy':
        "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self' http://localhost:* http://127.0.0.1:*; base-uri 'none'; frame-ancestors 'self' http://localhost:* http://127.0.0.1:*",
      'referrer-policy': 'same-origin',
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
    });
  });

  it('with a page own policy: its form targets and framers only', async () => {
    const f = await pageApp();
    const page = await f.call('GET', '/pay');
    expect(page.status).toBe(200);
    expect(page.text).toBe(PAGE('Pay', '<form method="post"></form>'));
    expect(page.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self' http://localhost:4401 http://127.0.0.1:4401; base-uri 'none'; frame-ancestors 'self'",
    );
  });
});

describe('registerPageAssets', () => {
  it('serves the pages stylesheet as CSS, revalidated each time', async () => {
    open = await featureApp((app) => registerPageAssets(app));
    const css = await open.call('GET', '/__harness/assets/pages.css');
    expect(css.status).toBe(200);
    expect(css.text).toBe(PAGES_CSS);
    expect(css.headers).toMatchObject({
      'content-type': 'text/css; charset=utf-8',
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-cache',
    });
  });
});
