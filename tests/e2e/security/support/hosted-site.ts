/**
 * The site inside a recording parent frame (the editor's origin), plus what the browser did: the security tests
 * check both what the site posts and what it shows.
 */
import type { Frame, FrameLocator, Page } from '@playwright/test';
import { openInHost } from '../../support/frame-host.ts';
import { HARNESS, SITE } from '../../support/harness.ts';
import { type Recording, recordPage } from './recorder.ts';

export interface RecordedSite {
  frame: FrameLocator;
  recording: Recording;
  /** Everything the site posted to the parent frame. */
  messages(): Promise<Array<{ type: string; [key: string]: unknown }>>;
  /** The `app_error` messages among them. */
  appErrors(): Promise<Array<{ type: string; [key: string]: unknown }>>;
  /** The site's frame (throws when it is not there). */
  siteFrame(): Frame;
  /** Opens the host again (after the top window left it) with the site at `path`; recording goes on. */
  reopen(path: string): Promise<void>;
}

/** Opens `path` of the site in a parent frame on the editor origin, recording everything. */
export async function openRecordedSite(
  page: Page,
  path: string,
  options: { fullHeaders?: boolean } = {},
): Promise<RecordedSite> {
  const recording = await recordPage(page, options);
  // Kept outside the host page, so that messages survive the host leaving (checkout navigates the top window).
  const posted: Array<{ type: string; [key: string]: unknown }> = [];
  await page.exposeFunction('__securityPosted', (data: { type: string }) => posted.push(data));
  await page.addInitScript(() => {
    if (location.pathname !== '/__e2e/host') return;
    const report = (window as unknown as { __securityPosted: (data: unknown) => void }).__securityPosted;
    addEventListener('message', (event) => report(event.data));
  });
  const host = await openInHost(page, HARNESS, `${SITE}${path}`);
  return {
    frame: host.frame,
    recording,
    messages: async () => [...posted],
    appErrors: async () => posted.filter((message) => message.type === 'app_error'),
    async reopen(nextPath) {
      await openInHost(page, HARNESS, `${SITE}${nextPath}`);
    },
    siteFrame() {
      const frame = page.frames().find((candidate) => candidate.url().startsWith(SITE));
      if (!frame) throw new Error('the site frame is not there');
      return frame;
    },
  };
}
