/**
 * A stand-in parent page for bridge tests, served by request interception on any origin: it frames the site and
 * records every message the site posts to it (`window.__messages`).
 */
import type { FrameLocator, Page } from '@playwright/test';

export interface HostedSite {
  frame: FrameLocator;
  messages(): Promise<Array<{ type: string; [key: string]: unknown }>>;
}

export async function openInHost(page: Page, hostOrigin: string, siteUrl: string): Promise<HostedSite> {
  const hostUrl = `${hostOrigin}/__e2e/host`;
  await page.route(hostUrl, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html><head><title>host</title></head><body style="margin:0">
<iframe id="site" title="site" src="${siteUrl}" width="1280" height="800"></iframe>
<script>
window.__messages = [];
addEventListener('message', (event) => { window.__messages.push({ origin: event.origin, data: event.data }); });
</script></body></html>`,
    }),
  );
  await page.goto(hostUrl);
  return {
    frame: page.frameLocator('#site'),
    messages: () =>
      page.evaluate(() =>
        (window as unknown as { __messages: Array<{ data: { type: string } }> }).__messages.map(
          (m) => m.data,
        ),
      ),
  };
}
