/**
 * What the platform's own preview code speaks with the editor beyond `app_changed_url` and `app_error`
 * (docs/platform-api.md, "Parent frame messages"): the "rendered" signal (`sandbox:onMounted` / `sandbox:onUnmounted`)
 * and the editor's `refresh-page` request, which only the verified editor may make.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installBridge } from '../../../src/bridge/install-bridge.ts';
import { type FakeFrame, fakeFrame } from './fake-frame.ts';

const EDITOR = 'http://localhost:4400';
const SITE = 'http://localhost:4401';
const options = { editorOrigins: [EDITOR], serverUrlAllowList: [EDITOR] };

const framed = () => fakeFrame(`${SITE}/Pricing`, { framed: true, ancestor: EDITOR });
/** The types posted after the first `app_changed_url`. */
const types = (frame: FakeFrame) => frame.postMessage.mock.calls.slice(1).map((call) => call[0].type);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the rendered signal', () => {
  it('sandbox:onMounted once, to the editor origin, however often the site says it rendered', () => {
    const frame = framed();
    const bridge = installBridge(options, frame.win);
    bridge.mounted();
    bridge.mounted();
    frame.fire('pageshow', {});
    expect(frame.postMessage.mock.calls.slice(1)).toEqual([[{ type: 'sandbox:onMounted' }, EDITOR]]);
  });

  it('sandbox:onUnmounted once when the site goes, and only after it was mounted', () => {
    const frame = framed();
    const bridge = installBridge(options, frame.win);
    bridge.unmounted();
    frame.fire('pagehide', {});
    // A page shown before the site rendered: nothing to announce yet.
    frame.fire('pageshow', {});
    expect(types(frame)).toEqual([]);
    bridge.mounted();
    bridge.unmounted();
    expect(types(frame)).toEqual(['sandbox:onMounted', 'sandbox:onUnmounted']);
    bridge.unmounted();
    frame.fire('pagehide', {});
    // Unmounted, the site is not announced again when the page is shown.
    frame.fire('pageshow', {});
    expect(types(frame)).toEqual(['sandbox:onMounted', 'sandbox:onUnmounted']);
    // Mounted again (a host that mounts ./App again): told again.
    bridge.mounted();
    expect(types(frame)).toEqual(['sandbox:onMounted', 'sandbox:onUnmounted', 'sandbox:onMounted']);
  });

  it('leaving the page is the site going; shown again from the back/forward cache, it is back', () => {
    const frame = framed();
    const bridge = installBridge(options, frame.win);
    // The page's own first showing, before the site has rendered: nothing yet.
    frame.fire('pageshow', { persisted: false });
    expect(types(frame)).toEqual([]);
    bridge.mounted();
    frame.fire('pagehide', { persisted: true });
    frame.fire('pageshow', { persisted: true });
    expect(types(frame)).toEqual(['sandbox:onMounted', 'sandbox:onUnmounted', 'sandbox:onMounted']);
  });

  it('nothing outside a verified editor', () => {
    for (const parent of [
      { framed: false, ancestor: EDITOR },
      { framed: true, ancestor: 'https://evil.example' },
    ]) {
      const frame = fakeFrame(`${SITE}/`, parent);
      const bridge = installBridge(options, frame.win);
      bridge.mounted();
      bridge.unmounted();
      expect(frame.postMessage).not.toHaveBeenCalled();
    }
  });
});

describe('refresh-page', () => {
  it('from the editor (its window, its verified origin): the page reloads', () => {
    const frame = framed();
    installBridge(options, frame.win);
    frame.fire('message', { source: frame.win.parent, origin: EDITOR, data: { type: 'refresh-page' } });
    expect(frame.reload).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['another origin', { origin: 'https://evil.example' }],
    ['the site itself', { origin: SITE }],
    ['a look-alike origin', { origin: `${EDITOR}.evil.example` }],
    ['another window of the editor origin (a popup, another frame)', { source: {} }],
    ['no window at all', { source: null }],
    ['another type', { data: { type: 'refresh' } }],
    ['the type as a bare string', { data: 'refresh-page' }],
    ['no data', { data: null }],
  ])('from %s: nothing', (_label, change) => {
    const frame = framed();
    installBridge(options, frame.win);
    frame.fire('message', {
      source: frame.win.parent,
      origin: EDITOR,
      data: { type: 'refresh-page' },
      ...change,
    });
    expect(frame.reload).not.toHaveBeenCalled();
  });

  it('not framed, or framed by an unknown parent: never, whatever the message says', () => {
    for (const parent of [
      { framed: false, ancestor: EDITOR },
      { framed: true, ancestor: 'https://evil.example' },
      { framed: true },
    ]) {
      const frame = fakeFrame(`${SITE}/`, parent);
      installBridge(options, frame.win);
      for (const origin of [EDITOR, 'https://evil.example', '']) {
        frame.fire('message', { source: frame.win.parent, origin, data: { type: 'refresh-page' } });
      }
      expect(frame.reload).not.toHaveBeenCalled();
    }
  });
});
