/**
 * The bridge loader (src/shared/site-platform/site-bridge-loader.ts) and the site's bridge (site-bridge.ts), imported
 * statically: the mutation run (Stryker's Vitest runner, `vitest.related`) runs only the test files whose static import
 * graph reaches a mutated module, so a file that reaches them only through `import(variable)`
 * (site-bridge-loader.test.ts) never runs there. Each test still starts from a fresh page load of the loader
 * (`vi.resetModules()` and a literal `import()`), since the loader keeps its state for the page.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { takeLaunchToken } from '../../../src/platform/launch-token/index.ts';
import * as staticSiteBridge from '../../../src/shared/site-platform/site-bridge.ts';
import * as staticLoader from '../../../src/shared/site-platform/site-bridge-loader.ts';

const BRIDGE = Symbol.for('agency-site.bridge');

interface Recorded {
  reported: unknown[];
  calls: string[];
}

/** A bridge that records what the loader tells it. */
function recordingBridge(): Recorded {
  const recorded: Recorded = { reported: [], calls: [] };
  vi.doMock('../../../src/shared/site-platform/site-bridge.ts', () => ({
    getSiteBridge: () => ({
      reportError: (error: unknown) => recorded.reported.push(error),
      mounted: () => recorded.calls.push('mounted'),
      unmounted: () => recorded.calls.push('unmounted'),
    }),
  }));
  return recorded;
}

/** A bridge chunk that cannot load (until `fail.now` is false). */
function failingChunk(): { now: boolean; error: Error } {
  const fail = {
    now: true,
    error: Object.assign(new Error('Loading chunk 7 failed.'), { name: 'ChunkLoadError' }),
  };
  vi.doMock('../../../src/shared/site-platform/site-bridge.ts', () => {
    if (fail.now) throw fail.error;
    return { getSiteBridge: () => ({ reportError: () => undefined, mounted: () => undefined }) };
  });
  return fail;
}

const freshLoader = async (): Promise<typeof staticLoader> => {
  vi.resetModules();
  return import('../../../src/shared/site-platform/site-bridge-loader.ts');
};

function errorEvent(init: ErrorEventInit): Event {
  const event = new Event('error');
  return Object.assign(event, { error: init.error, message: init.message ?? '' });
}

function rejection(reason: unknown): Event {
  return Object.assign(new Event('unhandledrejection'), { reason });
}

let notices: number;
const countNotice = () => {
  notices += 1;
};
beforeEach(() => {
  notices = 0;
  addEventListener('preload-error', countNotice);
});
afterEach(() => {
  removeEventListener('preload-error', countNotice);
  vi.doUnmock('../../../src/shared/site-platform/site-bridge.ts');
  Reflect.deleteProperty(window, BRIDGE);
  window.history.replaceState(null, '', '/');
});

describe('site bridge loader: errors before the bridge', () => {
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
    expect(notices).toBe(0);
  });

  it('reportSiteError hands the error to the bridge', async () => {
    const recorded = recordingBridge();
    const loader = await freshLoader();
    const error = new Error('the menu failed');
    loader.reportSiteError(error);
    await expect.poll(() => recorded.reported).toEqual([error]);
    expect(notices).toBe(0);
  });

  it('reportSiteError and installSiteBridge offer the reload notice when the chunk cannot load', async () => {
    failingChunk();
    const loader = await freshLoader();
    loader.reportSiteError(new Error('the menu failed'));
    await expect.poll(() => notices).toBe(1);
    loader.installSiteBridge();
    await expect.poll(() => notices).toBe(2);
  });
});

describe('site bridge loader: mounted and unmounted', () => {
  it('a live site is announced as rendered once, and as gone on cleanup', async () => {
    const recorded = recordingBridge();
    const loader = await freshLoader();
    const cleanup = loader.installSiteBridge();
    await loader.loadSiteBridge();
    await expect.poll(() => recorded.calls).toEqual(['mounted']);
    cleanup();
    await expect.poll(() => recorded.calls).toEqual(['mounted', 'unmounted']);
  });

  it('a site gone before the bridge loaded is announced as gone only', async () => {
    const recorded = recordingBridge();
    const loader = await freshLoader();
    loader.installSiteBridge()();
    await loader.loadSiteBridge();
    await expect.poll(() => recorded.calls).toEqual(['unmounted']);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(recorded.calls).toEqual(['unmounted']);
  });
});

describe('getSiteBridge', () => {
  it('hands the bridge the launch token the boot script took, and returns one bridge for the page', () => {
    window.history.replaceState(null, '', '/?access_token=Zboot');
    takeLaunchToken(window);
    localStorage.clear();
    const bridge = staticSiteBridge.getSiteBridge();
    expect(bridge.launch.accessToken).toBe('Zboot');
    expect(staticSiteBridge.getSiteBridge()).toBe(bridge);
  });

  it('without a token taken the bridge installs all the same, with no token', () => {
    const bridge = staticSiteBridge.getSiteBridge();
    expect(bridge.launch.accessToken).toBeNull();
    expect(bridge.targetOrigin).toBeNull();
  });
});

it('the statically imported loader is the same module API', () => {
  expect(Object.keys(staticLoader).sort()).toEqual([
    'holdEarlyErrors',
    'installSiteBridge',
    'loadSiteBridge',
    'reportSiteError',
  ]);
});
