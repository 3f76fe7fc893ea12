/**
 * What the bridge sends the editor, and how much (docs/platform-api.md, "Parent frame messages"): one bridge per window,
 * every navigation announced once, failed chunks as `preload-error` and `app_error`, the same error not repeated within
 * DUPLICATE_WINDOW_MS, and at most MAX_ERRORS_PER_MINUTE errors a minute. Time is Vitest's fake clock.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBridge } from '../../../src/bridge/install-bridge.ts';
import { type FakeFrame, fakeFrame } from './fake-frame.ts';

const EDITOR = 'http://localhost:4400';
const SITE = 'http://localhost:4401';
const options = { editorOrigins: [EDITOR], serverUrlAllowList: [EDITOR] };
const DUPLICATE_WINDOW_MS = 2000;
const MAX_ERRORS_PER_MINUTE = 20;
const MINUTE = 60_000;

const framed = (path = '/Pricing') => fakeFrame(`${SITE}${path}`, { framed: true, ancestor: EDITOR });
const posted = (frame: FakeFrame) => frame.postMessage.mock.calls.map((call) => call[0]);
const errorsPosted = (frame: FakeFrame) =>
  posted(frame).filter((message) => message.type !== 'app_changed_url').length;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('installBridge: once per window', () => {
  it('a second install returns the first bridge and adds no listener, patch or announcement', () => {
    const frame = framed();
    const first = installBridge(options, frame.win);
    expect(installBridge(options, frame.win)).toBe(first);
    frame.fire('error', { error: new Error('boom') });
    frame.win.history.pushState(null, '', '/Process');
    expect(posted(frame).map((message) => message.type)).toEqual([
      'app_changed_url',
      'app_error',
      'app_changed_url',
    ]);
  });

  it('finds a bridge another copy of the bundle installed, under the shared symbol', () => {
    const frame = framed();
    const other = { launch: {}, targetOrigin: EDITOR, post: () => {}, reportError: () => {} };
    (frame.win as unknown as Record<symbol, unknown>)[Symbol.for('agency-site.bridge')] = other;
    expect(installBridge(options, frame.win)).toBe(other);
    expect(frame.postMessage).not.toHaveBeenCalled();
  });
});

describe('installBridge: navigation', () => {
  it('announces back/forward (popstate), and an address that did not change only once', () => {
    const frame = framed();
    installBridge(options, frame.win);
    frame.win.history.replaceState({ scroll: 10 }, '');
    frame.win.history.replaceState({ scroll: 20 }, '', `${SITE}/Pricing`);
    frame.goTo(`${SITE}/About`);
    frame.fire('popstate', {});
    frame.fire('popstate', {});
    expect(posted(frame)).toEqual([
      { type: 'app_changed_url', url: `${SITE}/Pricing` },
      { type: 'app_changed_url', url: `${SITE}/About` },
    ]);
  });

  it('a server_url on the allow-list is taken, as its origin', () => {
    const frame = framed(`/?server_url=${encodeURIComponent(`${EDITOR}/api`)}`);
    expect(installBridge(options, frame.win).launch.serverUrl).toBe(EDITOR);
  });

  it('without a server_url allow-list, a server_url is ignored', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const frame = framed(`/?server_url=${encodeURIComponent(EDITOR)}`);
    expect(installBridge({ editorOrigins: [EDITOR] }, frame.win).launch.serverUrl).toBeNull();
  });
});

describe('installBridge: failures', () => {
  it.each([
    ['a ChunkLoadError', Object.assign(new Error('chunk 7 failed'), { name: 'ChunkLoadError' })],
    ['a failed JS chunk', new Error('Loading chunk 123 failed.\n(error: http://localhost:4401/123.js)')],
    ['a failed CSS chunk', new Error('Loading CSS chunk 45 failed')],
  ])(
    '%s is a preload-error, posted and dispatched on the window, and an app_error for the editor',
    (_label, error) => {
      const frame = framed();
      installBridge(options, frame.win);
      frame.fire('unhandledrejection', { reason: error });
      const details = { title: `${error.name}: ${error.message}`, details: error.message };
      expect(posted(frame).slice(1)).toMatchObject([
        { type: 'preload-error', error: details },
        { type: 'app_error', error: details },
      ]);
      expect(posted(frame)[2].error).toEqual(posted(frame)[1].error);
      expect(frame.dispatched.map((event) => event.type)).toEqual(['preload-error']);
      expect((frame.dispatched[0] as CustomEvent).detail).toMatchObject(details);
    },
  );

  it.each([
    ['an Error that mentions chunks', new Error('Loading chunk failed')],
    ['a value that is not an Error', 'Loading chunk 123 failed'],
    ['null', null],
  ])('%s is an app_error', (_label, error) => {
    const frame = framed();
    installBridge(options, frame.win);
    frame.fire('unhandledrejection', { reason: error });
    expect(posted(frame)[1]?.type).toBe('app_error');
    expect(frame.dispatched).toEqual([]);
  });

  it('an error event gives its error, or its message when it carries none (a cross-origin script)', () => {
    const frame = framed();
    installBridge(options, frame.win);
    frame.fire('error', { error: new RangeError('too deep'), message: 'Uncaught RangeError: too deep' });
    frame.fire('error', { error: null, message: 'Script error.' });
    expect(posted(frame).slice(1)).toMatchObject([
      { type: 'app_error', error: { title: 'RangeError: too deep', details: 'too deep' } },
      { type: 'app_error', error: { title: 'Unhandled error', details: 'Script error.' } },
    ]);
  });

  it('a parent that refuses the message: a warning, and the page goes on', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const frame = fakeFrame(`${SITE}/`, { framed: true, ancestor: EDITOR, postMessageThrows: true });
    const bridge = installBridge(options, frame.win);
    expect(() => bridge.reportError(new Error('boom'))).not.toThrow();
    expect(warn).toHaveBeenCalledWith(
      '[bridge] could not post a message to the parent frame',
      expect.any(Error),
    );
  });
});

describe('installBridge: the duplicate window', () => {
  it('the same error again within DUPLICATE_WINDOW_MS is posted once; from then on, again', () => {
    const frame = framed();
    const bridge = installBridge(options, frame.win);
    bridge.reportError(new Error('same'));
    vi.advanceTimersByTime(DUPLICATE_WINDOW_MS - 1);
    bridge.reportError(new Error('same'));
    expect(errorsPosted(frame)).toBe(1);
    vi.advanceTimersByTime(1);
    bridge.reportError(new Error('same'));
    expect(errorsPosted(frame)).toBe(2);
  });

  it('a different error within the window is posted, and so is the first one after it', () => {
    const frame = framed();
    const bridge = installBridge(options, frame.win);
    bridge.reportError(new Error('first'));
    bridge.reportError(new Error('second'));
    bridge.reportError(new Error('first'));
    expect(errorsPosted(frame)).toBe(3);
  });
});

describe('installBridge: the rate cap', () => {
  const burst = (bridge: { reportError(error: unknown): void }, count: number, tag: string) => {
    for (let i = 0; i < count; i++) bridge.reportError(new Error(`${tag} ${i}`));
  };

  it('posts MAX_ERRORS_PER_MINUTE errors in a minute and drops the rest', () => {
    const frame = framed();
    const bridge = installBridge(options, frame.win);
    burst(bridge, MAX_ERRORS_PER_MINUTE, 'a');
    expect(errorsPosted(frame)).toBe(MAX_ERRORS_PER_MINUTE);
    burst(bridge, 5, 'b');
    expect(errorsPosted(frame)).toBe(MAX_ERRORS_PER_MINUTE);
  });

  it('an error leaves the count a minute after it was posted, not before', () => {
    const frame = framed();
    const bridge = installBridge(options, frame.win);
    bridge.reportError(new Error('early'));
    vi.advanceTimersByTime(10_000);
    burst(bridge, MAX_ERRORS_PER_MINUTE - 1, 'later');
    vi.advanceTimersByTime(MINUTE - 10_000);
    bridge.reportError(new Error('at one minute'));
    expect(errorsPosted(frame)).toBe(MAX_ERRORS_PER_MINUTE);
    vi.advanceTimersByTime(1);
    bridge.reportError(new Error('just after'));
    expect(errorsPosted(frame)).toBe(MAX_ERRORS_PER_MINUTE + 1);
    // The burst, ten seconds later than the first, is still counted.
    bridge.reportError(new Error('one more'));
    expect(errorsPosted(frame)).toBe(MAX_ERRORS_PER_MINUTE + 1);
  });
});
