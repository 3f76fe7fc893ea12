/**
 * The bridge loads with the platform chunk once the page is live (src/shared/site-platform/site-bridge-loader.ts):
 * what goes wrong before then is reported once it is installed, the editor is told when the site has rendered and when
 * it is gone, and a bridge that cannot load still gets the visitor the reload notice.
 *
 * Each test starts from a fresh page load of the loader (`vi.resetModules()` and a literal `import()`), since the
 * loader keeps its state for the page. The loader is also imported statically: the mutation run (Stryker's Vitest
 * runner, `vitest.related`) runs only the test files whose static imports reach a mutated module.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as staticLoader from '../../../../src/shared/site-platform/site-bridge-loader.ts';

const BRIDGE = Symbol.for('agency-site.bridge');

interface Recorded {
  reported: unknown[];
  calls: string[];
}

/** A bridge that records what the loader tells it: the errors it reports, and that the site rendered or is gone. */
function recordingBridge(): Recorded {
  const recorded: Recorded = { reported: [], calls: [] };
  vi.doMock('../../../../src/shared/site-platform/site-bridge.ts', () => ({
    getSiteBridge: () => ({
      reportError: (error: unknown) => recorded.reported.push(error),
      mounted: () => recorded.calls.push('mounted'),
      unmounted: () => recorded.calls.push('unmounted'),
    }),
  }));
  return recorded;
}

const chunkError = (chunk: number) =>
  Object.assign(new Error(`Loading chunk ${chunk} failed.`), { name: 'ChunkLoadError' });

/** A bridge chunk that cannot load (until `fail.now` is false). */
function failingChunk(): { now: boolean } {
  const fail = { now: true };
  vi.doMock('../../../../src/shared/site-platform/site-bridge.ts', () => {
    if (fail.now) throw chunkError(7);
    return { getSiteBridge: () => ({ reportError: () => undefined, mounted: () => undefined }) };
  });
  return fail;
}

const freshLoader = async (): Promise<typeof staticLoader> => {
  vi.resetModules();
  return import('../../../../src/shared/site-platform/site-bridge-loader.ts');
};

function errorEvent(init: ErrorEventInit): Event {
  const event = new Event('error');
  return Object.assign(event, { error: init.error, message: init.message ?? '' });
}

function rejection(reason: unknown): Event {
  return Object.assign(new Event('unhandledrejection'), { reason });
}

/** The `preload-error` events the page gets (what the reload notice listens to), with their details. */
let notices: unknown[];
const keepNotice = (event: Event) => notices.push((event as CustomEvent).detail);
beforeEach(() => {
  notices = [];
  addEventListener('preload-error', keepNotice);
});
afterEach(() => {
  removeEventListener('preload-error', keepNotice);
  vi.doUnmock('../../../../src/shared/site-platform/site-bridge.ts');
  Reflect.deleteProperty(window, BRIDGE);
});

describe('site bridge loader: errors before the bridge', () => {
  it('keeps an error raised before the bridge is installed, and the real bridge reports it once it is', async () => {
    const loader = await freshLoader();
    loader.holdEarlyErrors();
    dispatchEvent(rejection(chunkError(42)));
    expect(notices).toEqual([]);
    const bridge = await loader.loadSiteBridge();
    expect(bridge.launch).toBeDefined();
    expect(notices).toHaveLength(1);
    expect(JSON.stringify(notices[0])).toContain('Loading chunk 42 failed.');
    // Installed once: the same bridge every time.
    expect(await loader.loadSiteBridge()).toBe(bridge);
  });

  it('reports the kept errors in order: a rejection by its reason, an error by its error, else its message', async () => {
    const recorded = recordingBridge();
    const loader = await freshLoader();
    loader.holdEarlyErrors();
    const thrown = new Error('render failed');
    dispatchEvent(rejection('rejected early'));
    dispatchEvent(errorEvent({ error: thrown, message: 'Uncaught Error: render failed' }));
    dispatchEvent(errorEvent({ message: 'Script error.' }));
    expect(recorded.reported).toEqual([]);
    await loader.loadSiteBridge();
    expect(recorded.reported).toEqual(['rejected early', thrown, 'Script error.']);
  });

  it('keeps at most 20 errors', async () => {
    const recorded = recordingBridge();
    const loader = await freshLoader();
    loader.holdEarlyErrors();
    for (let i = 1; i <= 21; i++) dispatchEvent(rejection(`failure ${i}`));
    await loader.loadSiteBridge();
    expect(recorded.reported).toHaveLength(20);
    expect(recorded.reported[0]).toBe('failure 1');
    expect(recorded.reported[19]).toBe('failure 20');
  });

  it('keeps nothing once the bridge is installed (it reports by itself from then on)', async () => {
    const recorded = recordingBridge();
    const loader = await freshLoader();
    loader.holdEarlyErrors();
    const bridge = await loader.loadSiteBridge();
    dispatchEvent(rejection('after install'));
    dispatchEvent(errorEvent({ message: 'late error' }));
    // A second load returns the same bridge and reports nothing that happened after the install.
    expect(await loader.loadSiteBridge()).toBe(bridge);
    expect(recorded.reported).toEqual([]);
  });

  it('without holding, nothing is kept', async () => {
    const recorded = recordingBridge();
    const loader = await freshLoader();
    dispatchEvent(rejection('not held'));
    await loader.loadSiteBridge();
    expect(recorded.reported).toEqual([]);
  });
});

describe('site bridge loader: loading', () => {
  it('loads the bridge once and resolves it every time', async () => {
    recordingBridge();
    const loader = await freshLoader();
    const first = loader.loadSiteBridge();
    expect(loader.loadSiteBridge()).toBe(first);
    const bridge = await first;
    expect(typeof bridge.reportError).toBe('function');
  });

  it('a chunk that cannot load rejects with its error, and the next call loads it again', async () => {
    const fail = failingChunk();
    const loader = await freshLoader();
    // Vitest wraps the error thrown while the mocked chunk loads: what matters is that the call rejects.
    await expect(loader.loadSiteBridge()).rejects.toBeInstanceOf(Error);
    fail.now = false;
    vi.resetModules();
    const bridge = await loader.loadSiteBridge();
    expect(typeof bridge.reportError).toBe('function');
    expect(notices).toHaveLength(0);
  });

  it('reportSiteError hands the error to the bridge', async () => {
    const recorded = recordingBridge();
    const loader = await freshLoader();
    const error = new Error('the menu failed');
    loader.reportSiteError(error);
    await expect.poll(() => recorded.reported).toEqual([error]);
    expect(notices).toHaveLength(0);
  });

  it("offers the reload notice itself when the bridge's own chunk cannot load, and tries the chunk again later", async () => {
    const fail = failingChunk();
    const loader = await freshLoader();
    // Installing it once the page is live: no unhandled rejection, the notice instead.
    loader.installSiteBridge();
    await expect.poll(() => notices.length).toBe(1);
    loader.reportSiteError(new Error('the menu chunk failed'));
    await expect.poll(() => notices.length).toBe(2);
    fail.now = false;
    vi.resetModules();
    await expect(loader.loadSiteBridge()).resolves.toBeDefined();
  });

  it('the loader offers holdEarlyErrors, installSiteBridge, loadSiteBridge and reportSiteError, and nothing else', () => {
    expect(Object.keys(staticLoader).sort()).toEqual([
      'holdEarlyErrors',
      'installSiteBridge',
      'loadSiteBridge',
      'reportSiteError',
    ]);
  });
});

describe('site bridge loader: mounted and unmounted', () => {
  it('tells the editor the site has rendered once the bridge is installed, once, and that it is gone on cleanup', async () => {
    const recorded = recordingBridge();
    const loader = await freshLoader();
    const cleanup = loader.installSiteBridge();
    await loader.loadSiteBridge();
    await expect.poll(() => recorded.calls).toEqual(['mounted']);
    cleanup();
    await expect.poll(() => recorded.calls).toEqual(['mounted', 'unmounted']);
  });

  it('a site gone before its bridge was installed is announced as gone only, never as rendered', async () => {
    const recorded = recordingBridge();
    const loader = await freshLoader();
    loader.installSiteBridge()();
    await loader.loadSiteBridge();
    await expect.poll(() => recorded.calls).toEqual(['unmounted']);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(recorded.calls).toEqual(['unmounted']);
  });
});
