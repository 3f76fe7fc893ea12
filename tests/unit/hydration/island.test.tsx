/**
 * Islands (src/hydration/island.ts): adopted like any region, woken (code fetched, HTML hydrated) when touched or at
 * once, with presses made inside them before then pressed again once they are live, and failed fetches reported.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hydratePage, Region, type StaticRegion } from '../../../src/hydration/index.ts';
import { holdPresses } from '../../../src/hydration/presses.ts';
import {
  declareTwice,
  deferred,
  freshPlace,
  prerendered,
  reportedErrors,
  untilHydrated,
} from './support.tsx';

function Widget() {
  const [count, setCount] = useState(0);
  return (
    <form>
      <input aria-label="Name" />
      <button type="button" onClick={() => setCount((n) => n + 1)}>
        Sent {count}
      </button>
    </form>
  );
}

let sentValues: string[] = [];
/** What the field showed after each of the form's renders. */
let shown: string[] = [];
/** As the contact form: a controlled field that adopts, once live, what was typed into the prerendered input. */
function TypedForm() {
  const input = useRef<HTMLInputElement>(null);
  const [name, setName] = useState('');
  useEffect(() => {
    if (input.current?.value) setName(input.current.value);
  }, []);
  useLayoutEffect(() => {
    shown.push(input.current?.value ?? '');
  });
  return (
    <form>
      <input ref={input} aria-label="Name" value={name} onChange={(event) => setName(event.target.value)} />
      <button type="button" onClick={() => sentValues.push(name)}>
        Send
      </button>
    </form>
  );
}

const Page = ({ island }: { island: StaticRegion }) => (
  <main>
    <Region of={island} />
  </main>
);

const settled = () => new Promise((resolve) => setTimeout(resolve, 50));
const frameOf = (container: HTMLElement) => container.querySelector<HTMLElement>('[data-island]');

async function adoptedIsland(wakeAtOnce?: () => boolean) {
  const { server, browser, load } = await declareTwice(freshPlace('island'), Widget, Widget, {
    island: true,
    wakeAtOnce,
  });
  const container = prerendered(<Page island={server} />);
  return {
    container,
    load,
    errors: reportedErrors(),
    hydrate: () => hydratePage(container, <Page island={browser} />, async () => {}),
  };
}

let boot: AbortController;
beforeEach(() => {
  delete document.documentElement.dataset.hydrated;
  boot = new AbortController();
  window.__siteBoot = holdPresses(boot.signal);
});
afterEach(() => {
  boot.abort();
  delete window.__siteBoot;
  document.body.replaceChildren();
});

describe('waking', () => {
  it('fetches the code only when the visitor touches the island, then hydrates it', async () => {
    const { container, load, hydrate } = await adoptedIsland();
    hydrate();
    await untilHydrated();
    await settled();
    expect(load).not.toHaveBeenCalled();
    expect(frameOf(container)?.hasAttribute('data-live')).toBe(false);

    const input = container.querySelector('input');
    input?.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    await vi.waitFor(() => expect(frameOf(container)?.hasAttribute('data-live')).toBe(true));
    expect(load).toHaveBeenCalledTimes(1);
    // Hydrated in place: the same input, now with React's handlers on the button.
    expect(container.querySelector('input')).toBe(input);
    container.querySelector('button')?.click();
    await vi.waitFor(() => expect(container.querySelector('button')?.textContent).toBe('Sent 1'));
  });

  it('wakes at once when the island says so (state of the visitor to restore)', async () => {
    const { container, load, hydrate } = await adoptedIsland(() => true);
    hydrate();
    await vi.waitFor(() => expect(frameOf(container)?.hasAttribute('data-live')).toBe(true));
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('replay', () => {
  it('ours: a press inside the island before it is live is held, then pressed once when it is', async () => {
    const { container, load, hydrate } = await adoptedIsland();
    const code = deferred<typeof Widget>();
    load.mockImplementation(() => code.promise);
    hydrate();
    await untilHydrated();
    const button = container.querySelector('button');
    // React cannot hydrate the island for this press (no code yet): it stops the event. The boot script holds it.
    button?.click();
    expect(load).toHaveBeenCalledTimes(1);
    await settled();
    expect(button?.textContent).toBe('Sent 0');

    code.resolve(Widget);
    await vi.waitFor(() => expect(button?.textContent).toBe('Sent 1'));
    await settled();
    expect(button?.textContent).toBe('Sent 1');
  });
});

describe('replay after the first effects', () => {
  it('ours: a press held before any script ran meets the text the island adopted, which is never wiped', async () => {
    sentValues = [];
    shown = [];
    // Woken at once (as the contact form is when it scrolls into view), not by a press React takes part in.
    const { server, browser } = await declareTwice(freshPlace('typed'), TypedForm, TypedForm, {
      island: true,
      wakeAtOnce: () => true,
    });
    const container = prerendered(<Page island={server} />);
    const input = container.querySelector('input');
    if (!input) throw new Error('no input');
    input.value = 'Typed early';
    container.querySelector('button')?.click();
    hydratePage(container, <Page island={browser} />, async () => {});
    await vi.waitFor(() => expect(sentValues).toHaveLength(1));
    await settled();
    expect(sentValues).toEqual(['Typed early']);
    // Never wiped, not even for one render (React renders the region once more after hydrating it).
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.every((value) => value === 'Typed early')).toBe(true);
    expect(input.value).toBe('Typed early');
  });
});

describe('failure', () => {
  it('keeps the HTML and what was typed, reports the error, and tries again on the next touch', async () => {
    const { container, load, errors, hydrate } = await adoptedIsland();
    const failure = new Error('Loading chunk contact-form failed');
    load.mockRejectedValueOnce(failure);
    hydrate();
    await untilHydrated();
    const input = container.querySelector('input');
    if (!input) throw new Error('no input');
    input.value = 'Typed while offline';
    input.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    await vi.waitFor(() => expect(errors).toEqual([failure]));
    expect(frameOf(container)?.hasAttribute('data-live')).toBe(false);
    expect(container.querySelector('input')).toBe(input);
    expect(input.value).toBe('Typed while offline');

    input.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, key: 'End' }));
    await vi.waitFor(() => expect(frameOf(container)?.hasAttribute('data-live')).toBe(true));
    expect(load).toHaveBeenCalledTimes(2);
    expect(input.value).toBe('Typed while offline');
  });
});
