import { vi } from 'vitest';

export interface FakeFrame {
  win: Window;
  /** The parent frame's `postMessage`: (message, targetOrigin) per call. */
  postMessage: ReturnType<typeof vi.fn>;
  /** Events the bridge dispatched on the window. */
  dispatched: Event[];
  /** Calls the window's listeners of `type` with `event`, as the browser would. */
  fire(type: string, event: object): void;
  /** Moves the address without the History API (back/forward), as before a `popstate`. */
  goTo(url: string): void;
  /** The window's `location.reload`. */
  reload: ReturnType<typeof vi.fn>;
}

/**
 * A window with just what the bridge touches; `parent` is another object when framed, the window itself when not.
 * `postMessageThrows` makes the parent refuse every message (a detached parent, a value it cannot clone).
 */
export function fakeFrame(
  href: string,
  parent: { framed: boolean; ancestor?: string; referrer?: string; postMessageThrows?: boolean },
): FakeFrame {
  const listeners = new Map<string, Array<(event: unknown) => void>>();
  const dispatched: Event[] = [];
  const postMessage = vi.fn(() => {
    if (parent.postMessageThrows) throw new DOMException('detached', 'InvalidStateError');
  });
  const navigate = (url?: string | URL | null) => {
    if (url) self.location.href = new URL(url, self.location.href).href;
  };
  const reload = vi.fn();
  const self = {
    location: { href, ancestorOrigins: parent.ancestor ? [parent.ancestor] : undefined, reload },
    document: { referrer: parent.referrer ?? '' },
    history: {
      state: null,
      pushState: (_data: unknown, _unused: string, url?: string | URL | null) => navigate(url),
      replaceState: (_data: unknown, _unused: string, url?: string | URL | null) => navigate(url),
    },
    addEventListener: (type: string, listener: (event: unknown) => void) => {
      listeners.set(type, [...(listeners.get(type) ?? []), listener]);
    },
    dispatchEvent: (event: Event) => {
      dispatched.push(event);
      return true;
    },
    postMessage,
    parent: undefined as unknown,
  };
  self.parent = parent.framed ? { postMessage } : self;
  return {
    win: self as unknown as Window,
    postMessage,
    dispatched,
    fire: (type, event) => {
      for (const listener of listeners.get(type) ?? []) listener(event);
    },
    goTo: (url) => navigate(url),
    reload,
  };
}
