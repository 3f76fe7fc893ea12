/**
 * Presses (src/hydration/presses.ts, "Presses" in src/hydration/index.ts): a press made before any script ran is held
 * by the boot script and pressed again once the page is live (ours); a press once React listens is React's own.
 */
import { type FormEvent, useState } from 'react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { hydratePage } from '../../../src/hydration/index.ts';
import { holdPresses } from '../../../src/hydration/presses.ts';
import { prerendered, untilHydrated } from './support.tsx';

function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((n) => n + 1)}>
      Pressed {count}
    </button>
  );
}

let sent = 0;
function Form() {
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    sent += 1;
  };
  return (
    <form onSubmit={onSubmit}>
      <input name="name" />
      <button type="submit">Send</button>
    </form>
  );
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 50));

let boot: AbortController;
beforeEach(() => {
  delete document.documentElement.dataset.hydrated;
  boot = new AbortController();
  // What the boot script does first, before any other script runs.
  window.__siteBoot = holdPresses(boot.signal);
  sent = 0;
});
afterEach(() => {
  boot.abort();
  delete window.__siteBoot;
  document.body.replaceChildren();
});

it('ours: a button pressed before any script ran is pressed once, after the page is live', async () => {
  const container = prerendered(<Counter />);
  const button = container.querySelector('button');
  button?.click();
  expect(button?.textContent).toBe('Pressed 0');
  hydratePage(container, <Counter />, async () => {});
  await untilHydrated();
  await vi.waitFor(() => expect(button?.textContent).toBe('Pressed 1'));
  await settled();
  expect(button?.textContent).toBe('Pressed 1');
});

it('ours: a form sent before any script ran is not submitted by the browser, and is sent once when live', async () => {
  const container = prerendered(<Form />);
  const form = container.querySelector('form');
  let submittedByTheBrowser = true;
  // Seen after the boot script's listener: whether the browser would go on to submit the form to the address bar.
  document.addEventListener('submit', (event) => {
    submittedByTheBrowser = !event.defaultPrevented;
    event.preventDefault();
  });
  // Enter in a field: the browser submits the form with its submit button as the submitter.
  form?.requestSubmit();
  expect(submittedByTheBrowser).toBe(false);
  hydratePage(container, <Form />, async () => {});
  await untilHydrated();
  await vi.waitFor(() => expect(sent).toBe(1));
  await settled();
  expect(sent).toBe(1);
});

it("React's own: a press once React listens is handled at once (React hydrates its target for it) and not again", async () => {
  const container = prerendered(<Counter />);
  const button = container.querySelector('button');
  const held = holdPresses(boot.signal);
  let seenAtOnce: string | null | undefined;
  let adoptedYet: boolean | undefined;
  window.__siteBoot = {
    claim: held.claim,
    // Called right after `hydrateRoot`, before React has hydrated anything: the visitor presses in that moment.
    release() {
      const early = held.release();
      // React marks each node it has hydrated with its fiber: none yet.
      adoptedYet = Object.keys(button ?? {}).some((key) => key.startsWith('__reactFiber$'));
      button?.click();
      // React renders a press's update in a microtask; our replay would come a task after the hand-over.
      queueMicrotask(() => {
        seenAtOnce = button?.textContent;
      });
      return early;
    },
  };
  hydratePage(container, <Counter />, async () => {});
  await untilHydrated();
  expect(adoptedYet).toBe(false);
  expect(seenAtOnce).toBe('Pressed 1');
  await settled();
  expect(button?.textContent).toBe('Pressed 1');
});
