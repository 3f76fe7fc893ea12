/**
 * The bridge loads with the platform chunk once the page is live (src/shared/site-platform/site-bridge-loader.ts): what goes
 * wrong before then is reported once it is installed, and a bridge that cannot load still gets the visitor the reload
 * notice.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const LOADER = '../../../src/shared/site-platform/site-bridge-loader.ts';

function chunkError(): Error {
  return Object.assign(new Error('Loading chunk 42 failed.'), { name: 'ChunkLoadError' });
}

/** The `preload-error` events the page gets (what the reload notice listens to). */
function watchNotices(): { details: unknown[]; stop(): void } {
  const details: unknown[] = [];
  const listener = (event: Event) => details.push((event as CustomEvent).detail);
  addEventListener('preload-error', listener);
  return { details, stop: () => removeEventListener('preload-error', listener) };
}

/** A bridge that records what it is told (the site rendered, or is gone). */
function mockBridgeCalls(): string[] {
  const calls: string[] = [];
  vi.doMock('../../../src/shared/site-platform/site-bridge.ts', () => ({
    getSiteBridge: () => ({
      reportError: () => undefined,
      mounted: () => calls.push('mounted'),
      unmounted: () => calls.push('unmounted'),
    }),
  }));
  return calls;
}

let notices: ReturnType<typeof watchNotices>;
beforeEach(() => {
  vi.resetModules();
  notices = watchNotices();
});
afterEach(() => {
  notices.stop();
  vi.doUnmock('../../../src/shared/site-platform/site-bridge.ts');
});

describe('site bridge loader', () => {
  it('keeps an error raised before the bridge is installed and reports it once it is', async () => {
    const { holdEarlyErrors, loadSiteBridge } = await import(LOADER);
    holdEarlyErrors();
    dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: chunkError() }));
    expect(notices.details).toEqual([]);
    const bridge = await loadSiteBridge();
    expect(bridge.launch).toBeDefined();
    expect(notices.details).toHaveLength(1);
    expect(JSON.stringify(notices.details[0])).toContain('Loading chunk 42 failed.');
    // Installed once: the same bridge every time.
    expect(await loadSiteBridge()).toBe(bridge);
  });

  it("offers the reload notice itself when the bridge's own chunk cannot load, and tries the chunk again later", async () => {
    let fail = true;
    vi.doMock('../../../src/shared/site-platform/site-bridge.ts', () => {
      if (fail) throw chunkError();
      return { getSiteBridge: () => ({ reportError: () => undefined }) };
    });
    const { installSiteBridge, reportSiteError, loadSiteBridge } = await import(LOADER);
    // Installing it once the page is live: no unhandled rejection, the notice instead.
    installSiteBridge();
    await expect.poll(() => notices.details.length).toBe(1);
    reportSiteError(new Error('the menu chunk failed'));
    await expect.poll(() => notices.details.length).toBe(2);
    fail = false;
    vi.resetModules();
    await expect(loadSiteBridge()).resolves.toBeDefined();
  });

  it('tells the editor the site has rendered once the bridge is installed, and that it is gone on cleanup', async () => {
    const calls = mockBridgeCalls();
    const { installSiteBridge } = await import(LOADER);
    const cleanup = installSiteBridge();
    await expect.poll(() => calls).toEqual(['mounted']);
    cleanup();
    await expect.poll(() => calls).toEqual(['mounted', 'unmounted']);
  });

  it('a site gone before its bridge was installed is never announced as rendered', async () => {
    const calls = mockBridgeCalls();
    const { installSiteBridge, loadSiteBridge } = await import(LOADER);
    installSiteBridge()();
    await loadSiteBridge();
    await expect.poll(() => calls).toEqual(['unmounted']);
  });
});
