/**
 * The boot steps of a prerendered page (src/hydration/boot-page.ts), as the page sees them: the launch token taken and
 * handed over, and the stylesheet and scripts its boot script names loaded after the first paint (or at once where
 * nothing will be painted), once. happy-dom paints nothing: the Paint Timing API, animation frames and the page's
 * visibility are driven by the test.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bootPage } from '../../../src/hydration/boot-page.ts';
import { takeLaunchToken } from '../../../src/platform/launch-token/index.ts';

/** A PerformanceObserver that reports what the test says was painted. */
class PaintObserver {
  static supportedEntryTypes: readonly string[] | undefined = ['paint'];
  static made: PaintObserver[] = [];
  options: PerformanceObserverInit | undefined;
  disconnected = false;
  constructor(private readonly callback: PerformanceObserverCallback) {
    PaintObserver.made.push(this);
  }
  observe(options: PerformanceObserverInit) {
    this.options = options;
  }
  disconnect() {
    this.disconnected = true;
  }
  paint(...names: string[]) {
    const list = {
      getEntriesByName: (name: string) =>
        names.filter((painted) => painted === name).map((n) => ({ name: n })),
    } as unknown as PerformanceObserverEntryList;
    this.callback(list, this as unknown as PerformanceObserver);
  }
}

/** happy-dom's own settings for this window. */
const { happyDOM } = window as unknown as {
  happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: boolean } };
};

let ending: AbortController;
let visibility: DocumentVisibilityState;
let frames: FrameRequestCallback[];

beforeEach(() => {
  ending = new AbortController();
  visibility = 'visible';
  frames = [];
  PaintObserver.supportedEntryTypes = ['paint'];
  PaintObserver.made = [];
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  vi.stubGlobal('PerformanceObserver', PaintObserver);
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  vi.spyOn(performance, 'getEntriesByType').mockReturnValue([]);
  // happy-dom loads no stylesheet or script file: each one counts as loaded (rather than failed, and logged).
  happyDOM.settings.handleDisabledFileLoadingAsSuccess = true;
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  happyDOM.settings.handleDisabledFileLoadingAsSuccess = false;
  ending.abort();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(document, 'visibilityState');
  for (const added of document.head.querySelectorAll('link, script')) added.remove();
  delete document.documentElement.dataset.layoutAll;
  delete window.__siteBoot;
  window.history.replaceState(null, '', '/');
  localStorage.clear();
});

/** The boot script of a page, as scripts/prerender.mjs writes it. */
function bootScript(data: { styles?: string; scripts?: string }): HTMLScriptElement {
  const script = document.createElement('script');
  if (data.styles !== undefined) script.dataset.styles = data.styles;
  if (data.scripts !== undefined) script.dataset.scripts = data.scripts;
  return script;
}

const boot = (
  data: { styles?: string; scripts?: string } = { styles: '/full.css', scripts: '/page.js /main.js' },
) => bootPage(bootScript(data), ending.signal);

/** What the boot script has added to the head: stylesheets and scripts, in order. */
function loaded() {
  const links = [...document.head.querySelectorAll('link')];
  const scripts = [...document.head.querySelectorAll('script')];
  return {
    styles: links.map(
      (link) => `${link.rel} ${link.getAttribute('href')} ${link.getAttribute('blocking') ?? ''}`,
    ),
    scripts: scripts.map((script) => `${script.getAttribute('src')} async=${script.async}`),
  };
}

const LOADED = {
  styles: ['stylesheet /full.css '],
  scripts: ['/page.js async=false', '/main.js async=false'],
};
const NOTHING = { styles: [], scripts: [] };

describe('the launch token', () => {
  it('is taken out of the address, stored and remembered for the page, and the presses held since', () => {
    window.history.replaceState(null, '', '/Pricing?access_token=Zboot&plan=gold#faq');
    const button = document.createElement('button');
    document.body.append(button);
    boot();
    button.click();
    expect(window.location.pathname + window.location.search + window.location.hash).toBe(
      '/Pricing?plan=gold#faq',
    );
    expect(localStorage.getItem('base44_access_token')).toBe('Zboot');
    // The page's later scripts (the bridge) get it, though storage may be blocked and the address has none left.
    localStorage.clear();
    expect(takeLaunchToken(window)).toBe('Zboot');
    expect(window.__siteBoot?.release()).toEqual([button]);
    button.remove();
  });

  it("is none for the page's later scripts when the address has none", () => {
    boot();
    expect(takeLaunchToken(window)).toBeNull();
  });
});

describe('after the first contentful paint', () => {
  it('loads the full stylesheet, then the scripts in their order, once, and no earlier', async () => {
    boot({ styles: '/full.css', scripts: ' /page.js  /main.js ' });
    expect(loaded()).toEqual(NOTHING);
    const [observer] = PaintObserver.made;
    expect(observer?.options).toEqual({ type: 'paint', buffered: true });
    observer?.paint('first-paint');
    expect(loaded()).toEqual(NOTHING);
    expect(observer?.disconnected).toBe(false);
    observer?.paint('first-paint', 'first-contentful-paint');
    expect(loaded()).toEqual(LOADED);
    expect(observer?.disconnected).toBe(true);
    expect(window.__siteBoot?.styled).toBeInstanceOf(Promise);
    // The other ways in change nothing now.
    document.dispatchEvent(new Event('visibilitychange'));
    vi.advanceTimersByTime(3000);
    expect(loaded()).toEqual(LOADED);
  });

  it('where the browser has no Paint Timing, two animation frames after the first', () => {
    for (const supported of [undefined, ['mark', 'measure']]) {
      PaintObserver.supportedEntryTypes = supported;
      boot();
      expect(PaintObserver.made).toEqual([]);
      frames.shift()?.(0);
      expect(loaded()).toEqual(NOTHING);
      frames.shift()?.(16);
      expect(loaded()).toEqual(LOADED);
      for (const added of document.head.querySelectorAll('link, script')) added.remove();
      ending.abort();
      ending = new AbortController();
    }
    vi.stubGlobal('PerformanceObserver', undefined);
    boot();
    frames.shift()?.(0);
    frames.shift()?.(16);
    expect(loaded()).toEqual(LOADED);
  });

  it('loads nothing for a page whose boot script names nothing', () => {
    bootPage(null, ending.signal);
    PaintObserver.made[0]?.paint('first-contentful-paint');
    expect(loaded()).toEqual(NOTHING);
    expect(window.__siteBoot?.styled).toBeUndefined();
    boot({ styles: '', scripts: '' });
    PaintObserver.made[1]?.paint('first-contentful-paint');
    expect(loaded()).toEqual(NOTHING);
  });
});

describe('a page that will not paint', () => {
  it('loads at once when opened in the background', () => {
    visibility = 'hidden';
    boot();
    expect(loaded()).toEqual(LOADED);
    expect(PaintObserver.made).toEqual([]);
  });

  it('loads when sent to the background before painting', () => {
    boot();
    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    expect(loaded()).toEqual(LOADED);
  });

  it('loads 3 s after the start when nothing was painted', () => {
    boot();
    vi.advanceTimersByTime(2999);
    expect(loaded()).toEqual(NOTHING);
    vi.advanceTimersByTime(1);
    expect(loaded()).toEqual(LOADED);
  });

  it('stops waiting for the page to be hidden once its signal ends', () => {
    boot();
    ending.abort();
    document.dispatchEvent(new Event('visibilitychange'));
    expect(loaded()).toEqual(NOTHING);
  });
});

describe('a page the browser scrolls itself (a #fragment, a reload, back or forward)', () => {
  it('is laid out whole, with the full stylesheet blocking the first render, loaded once', async () => {
    window.history.replaceState(null, '', '/Process#step-3');
    boot();
    expect(document.documentElement.dataset.layoutAll).toBe('');
    expect(loaded()).toEqual({ styles: ['stylesheet /full.css render'], scripts: [] });
    const styled = window.__siteBoot?.styled;
    expect(styled).toBeInstanceOf(Promise);
    PaintObserver.made[0]?.paint('first-contentful-paint');
    expect(loaded()).toEqual({ styles: ['stylesheet /full.css render'], scripts: LOADED.scripts });
    // What React waits for is still that stylesheet.
    expect(window.__siteBoot?.styled).toBe(styled);
    await expect(styled).resolves.toEqual([expect.any(Event)]);
  });

  it('is laid out whole after a reload or a move back or forward, not after a plain visit', () => {
    const cases: [string | undefined, boolean][] = [
      ['reload', true],
      ['back_forward', true],
      ['navigate', false],
      [undefined, false],
    ];
    for (const [type, whole] of cases) {
      vi.mocked(performance.getEntriesByType).mockReturnValue(
        type ? [{ type } as unknown as PerformanceEntry] : [],
      );
      boot();
      expect(document.documentElement.dataset.layoutAll).toBe(whole ? '' : undefined);
      expect(loaded().styles).toEqual(whole ? ['stylesheet /full.css render'] : []);
      delete document.documentElement.dataset.layoutAll;
      for (const added of document.head.querySelectorAll('link')) added.remove();
    }
  });

  it('is not laid out whole where the browser has no navigation timing', () => {
    vi.mocked(performance.getEntriesByType).mockRestore();
    Object.defineProperty(performance, 'getEntriesByType', { configurable: true, value: undefined });
    try {
      expect(() => boot()).not.toThrow();
      expect(document.documentElement.dataset.layoutAll).toBeUndefined();
    } finally {
      Reflect.deleteProperty(performance, 'getEntriesByType');
    }
  });
});
