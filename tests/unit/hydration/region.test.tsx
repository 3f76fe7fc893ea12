/**
 * Regions (src/hydration/region.tsx): adopted from the prerendered HTML without their code, and never blank, even when
 * React renders an adopted boundary from scratch.
 */
import { createContext, type ReactNode, useState } from 'react';
import { flushSync } from 'react-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  hydratePage,
  Region,
  type StaticRegion,
  useAdoptedRegionLinks,
} from '../../../src/hydration/index.ts';
import {
  declareTwice,
  deferred,
  freshPlace,
  prerendered,
  reportedErrors,
  untilHydrated,
} from './support.tsx';

const Theme = createContext(0);
let setTheme: (value: number) => void = () => {};

/** A page whose region sits below a context provider that can change (an update React propagates into boundaries). */
function Page({ region, children }: { region: StaticRegion; children?: ReactNode }) {
  const [theme, set] = useState(0);
  setTheme = set;
  return (
    <Theme value={theme}>
      <main>
        <Region of={region} />
        {children}
      </main>
    </Theme>
  );
}

const FromServer = () => <p>Text as the server sent it</p>;
const FromCode = () => <p>Text rendered from code</p>;

const frameOf = (container: HTMLElement, region: StaticRegion) =>
  container.querySelector<HTMLElement>(`[data-region="${region.id}"]`);

let recoverableErrors: unknown[] = [];
beforeEach(() => {
  delete document.documentElement.dataset.hydrated;
  recoverableErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => recoverableErrors.push(args));
});
afterEach(() => {
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

describe('adoption', () => {
  it('keeps the HTML of a prerendered region and never fetches its code', async () => {
    const { server, browser, load } = await declareTwice(freshPlace(), FromServer, FromCode);
    const container = prerendered(<Page region={server} />);
    const paragraph = container.querySelector('p');
    hydratePage(container, <Page region={browser} />, async () => {});
    await untilHydrated();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(load).not.toHaveBeenCalled();
    expect(frameOf(container, browser)?.textContent).toBe('Text as the server sent it');
    // The very node the server sent, not a copy.
    expect(container.querySelector('p')).toBe(paragraph);
    expect(recoverableErrors).toEqual([]);
  });

  it('renders a region that is not in the HTML from its code', async () => {
    const { browser, load } = await declareTwice(freshPlace(), FromServer, FromCode);
    const container = prerendered(<main />);
    // Not prerendered with this region (client-side navigation): the page's loader fetches the code first.
    await browser.preload();
    expect(load).toHaveBeenCalledTimes(1);
    hydratePage(container, <Page region={browser} />, async () => {});
    await vi.waitFor(() => expect(frameOf(container, browser)?.textContent).toBe('Text rendered from code'));
  });
});

describe('a region that React renders from scratch before its code has loaded', () => {
  it('keeps showing the server HTML, fetches its code and renders it: never blank', async () => {
    const { server, browser, load } = await declareTwice(freshPlace(), FromServer, FromCode);
    const code = deferred<typeof FromCode>();
    load.mockImplementation(() => code.promise);
    const container = prerendered(<Page region={server} />);
    hydratePage(container, <Page region={browser} />, async () => {});
    await untilHydrated();
    const frame = frameOf(container, browser);
    if (!frame) throw new Error('no frame');
    // Every state the browser could paint (after each batch of DOM changes) is recorded.
    const seen: string[] = [];
    const observer = new MutationObserver(() => seen.push(frame.textContent ?? ''));
    observer.observe(frame, { childList: true, subtree: true, characterData: true });

    // A context change above a dehydrated boundary makes React render it from scratch (React cannot know whether
    // the content reads that context), whatever `memo` says.
    flushSync(() => setTheme(1));
    expect(load).toHaveBeenCalledTimes(1);
    expect(frame.textContent).toBe('Text as the server sent it');

    code.resolve(FromCode);
    await vi.waitFor(() => expect(frame.textContent).toBe('Text rendered from code'));
    observer.disconnect();
    expect(seen.length).toBeGreaterThan(0);
    expect(
      seen.every((text) => text === 'Text as the server sent it' || text === 'Text rendered from code'),
    ).toBe(true);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps the server HTML and reports the error when its code cannot be fetched', async () => {
    const { server, browser, load } = await declareTwice(freshPlace(), FromServer, FromCode);
    const failure = new Error('Loading chunk content-x failed');
    load.mockRejectedValue(failure);
    const errors = reportedErrors();
    const container = prerendered(<Page region={server} />);
    hydratePage(container, <Page region={browser} />, async () => {});
    await untilHydrated();

    flushSync(() => setTheme(2));
    await vi.waitFor(() => expect(errors).toContain(failure));
    expect(frameOf(container, browser)?.textContent).toBe('Text as the server sent it');
    // The rest of the page is still React's (no error reached the root).
    expect(container.querySelector('main')).not.toBeNull();
  });
});

function LinkPage({
  region,
  follow,
}: {
  region: StaticRegion;
  follow: (anchor: HTMLAnchorElement) => boolean;
}) {
  useAdoptedRegionLinks(follow);
  return <Page region={region} />;
}
const Links = () => (
  <nav>
    <a href="/Pricing">Pricing</a>
    <a href="/Process" target="_blank" rel="noopener">
      Process
    </a>
  </nav>
);

describe('links in adopted regions', () => {
  it('hands plain clicks to the router and leaves the rest to the browser', async () => {
    const { server, browser } = await declareTwice(freshPlace(), Links);
    const container = prerendered(<LinkPage region={server} follow={() => true} />);
    const follow = vi.fn((anchor: HTMLAnchorElement) => anchor.getAttribute('href') === '/Pricing');
    hydratePage(container, <LinkPage region={browser} follow={follow} />, async () => {});
    await untilHydrated();
    const click = (name: string, init: MouseEventInit = {}) => {
      const link = [...container.querySelectorAll('a')].find((a) => a.textContent === name);
      const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
      let leftToTheBrowser = false;
      // Seen right after the router's listener (React stops the event at its root, as the page's content is not its
      // own): records whether the browser would follow the link, then stops that (no network in tests).
      const last = (seen: Event) => {
        leftToTheBrowser = !seen.defaultPrevented;
        seen.preventDefault();
      };
      document.addEventListener('click', last, { capture: true, once: true });
      link?.dispatchEvent(event);
      return leftToTheBrowser;
    };

    expect(click('Pricing')).toBe(false);
    expect(follow).toHaveBeenCalledTimes(1);
    // New tab, another window: the browser's.
    expect(click('Pricing', { ctrlKey: true })).toBe(true);
    expect(click('Process')).toBe(true);
    expect(follow).toHaveBeenCalledTimes(1);
  });
});
