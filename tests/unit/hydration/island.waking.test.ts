/**
 * Waking an island (src/hydration/island.ts) without React: what its watch does with the frame the island renders in.
 * The browser's IntersectionObserver needs a layout, which happy-dom has not: a stand-in records what the island asks
 * to observe, and the test says when the content comes into view.
 */
import type { ComponentType } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { island } from '../../../src/hydration/index.ts';
import { deferred, freshPlace } from './support.tsx';

/** An IntersectionObserver driven by the test: `enter` reports entries as the browser would. */
class ViewportObserver {
  static made: ViewportObserver[] = [];
  observed: Element[] = [];
  disconnected = false;
  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    ViewportObserver.made.push(this);
  }
  observe(target: Element) {
    this.observed.push(target);
  }
  disconnect() {
    this.disconnected = true;
  }
  /** The browser reports one entry per observed target: in or near the viewport, or not. */
  enter(...intersecting: boolean[]) {
    const entries = intersecting.map((isIntersecting) => ({ isIntersecting }) as IntersectionObserverEntry);
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

const Content: ComponentType = () => null;

/** A frame as `<Region>` renders it, holding the island's adopted content, on the page. */
function frameWithContent(): { frame: HTMLElement; content: HTMLElement; outside: HTMLElement } {
  const frame = document.createElement('div');
  const content = document.createElement('form');
  content.append(document.createElement('input'));
  frame.append(content);
  const outside = document.createElement('button');
  document.body.append(frame, outside);
  return { frame, content, outside };
}

function watched(options: { wakeAtOnce?: () => boolean; load?: () => Promise<ComponentType> } = {}) {
  const load = vi.fn(options.load ?? (async () => Content));
  const declared = island(freshPlace('island'), load, { wakeAtOnce: options.wakeAtOnce });
  if (!declared.watch) throw new Error('an island has a watch');
  return { load, watch: declared.watch };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  ViewportObserver.made = [];
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

describe('an island near the viewport', () => {
  it('starts loading when its content comes within half a screen of the viewport, not before', async () => {
    vi.stubGlobal('IntersectionObserver', ViewportObserver);
    const { frame, content } = frameWithContent();
    const { load, watch } = watched();
    watch(frame);
    const [observer] = ViewportObserver.made;
    // The frame is `display: contents`: its content is what is observed.
    expect(observer?.observed).toEqual([content]);
    expect(observer?.options).toEqual({ rootMargin: '50% 0px' });
    observer?.enter(false);
    expect(load).not.toHaveBeenCalled();
    observer?.enter(false, true);
    expect(load).toHaveBeenCalledTimes(1);
    await settled();
    expect(observer?.disconnected).toBe(true);
  });

  it('keeps watching after a failed load, and tries again on the next sighting', async () => {
    vi.stubGlobal('IntersectionObserver', ViewportObserver);
    vi.stubGlobal('reportError', () => {});
    const { frame } = frameWithContent();
    const { load, watch } = watched();
    load.mockRejectedValueOnce(new Error('Loading chunk island failed'));
    watch(frame);
    const [observer] = ViewportObserver.made;
    observer?.enter(true);
    await settled();
    expect(load).toHaveBeenCalledTimes(1);
    expect(observer?.disconnected).toBe(false);
    observer?.enter(true);
    expect(load).toHaveBeenCalledTimes(2);
    await settled();
    expect(observer?.disconnected).toBe(true);
  });

  it('wakes at once, observing nothing, when it has state to restore', () => {
    vi.stubGlobal('IntersectionObserver', ViewportObserver);
    const { frame } = frameWithContent();
    const { load, watch } = watched({ wakeAtOnce: () => true });
    watch(frame);
    expect(load).toHaveBeenCalledTimes(1);
    expect(ViewportObserver.made[0]?.observed).toEqual([]);
  });

  it('wakes at once when the browser has no IntersectionObserver, or the frame nothing to observe', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const withContent = frameWithContent();
    const first = watched();
    const stop = first.watch(withContent.frame);
    expect(first.load).toHaveBeenCalledTimes(1);
    expect(stop).not.toThrow();

    vi.stubGlobal('IntersectionObserver', ViewportObserver);
    const empty = document.createElement('div');
    document.body.append(empty);
    const second = watched();
    second.watch(empty);
    expect(second.load).toHaveBeenCalledTimes(1);
    expect(ViewportObserver.made).toEqual([]);
  });
});

describe('an island touched', () => {
  it('wakes on a press, focus, key or click inside it, never on one elsewhere', () => {
    vi.stubGlobal('IntersectionObserver', ViewportObserver);
    const { frame, content, outside } = frameWithContent();
    for (const type of ['pointerdown', 'focusin', 'keydown', 'click']) {
      const { load, watch } = watched({ load: () => deferred<ComponentType>().promise });
      const stop = watch(frame);
      outside.dispatchEvent(new Event(type, { bubbles: true }));
      document.dispatchEvent(new Event(type));
      expect(load).not.toHaveBeenCalled();
      content.querySelector('input')?.dispatchEvent(new Event(type, { bubbles: true }));
      expect(load).toHaveBeenCalledTimes(1);
      stop();
    }
  });

  it('is not woken any more once its watch is cleaned up (the region left the page)', () => {
    vi.stubGlobal('IntersectionObserver', ViewportObserver);
    const { frame, content } = frameWithContent();
    const { load, watch } = watched();
    const stop = watch(frame);
    stop();
    content.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(load).not.toHaveBeenCalled();
    expect(ViewportObserver.made[0]?.disconnected).toBe(true);
  });
});
