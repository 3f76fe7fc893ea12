/**
 * The presses the boot script holds (src/hydration/presses.ts), seen from the page: which presses are held (and kept
 * from the browser), which are left alone, and what is handed over.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { holdPresses } from '../../../src/hydration/presses.ts';

let boot: AbortController;
beforeEach(() => {
  boot = new AbortController();
});
afterEach(() => {
  boot.abort();
  document.body.replaceChildren();
});

/** Dispatches a click on `target` as a press does; true when the browser would still act on it (not prevented). */
function press(target: EventTarget): boolean {
  return target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
}

function page(html: string): HTMLElement {
  const root = document.createElement('main');
  root.innerHTML = html;
  document.body.append(root);
  return root;
}

const the = <T extends Element>(root: ParentNode, selector: string) => {
  const found = root.querySelector<T>(selector);
  if (!found) throw new Error(`no ${selector}`);
  return found;
};

describe('before release', () => {
  it('holds the button pressed (not what inside it was pressed) and keeps the press from the browser', () => {
    const root = page('<button type="button"><span>Book</span></button>');
    const held = holdPresses(boot.signal);
    expect(press(the(root, 'span'))).toBe(false);
    expect(held.release()).toEqual([the(root, 'button')]);
  });

  it('leaves alone a press on anything that is not a button, and events aimed at the document itself', () => {
    const root = page('<p>Text</p><a href="/Pricing">Pricing</a>');
    const held = holdPresses(boot.signal);
    expect(press(the(root, 'p'))).toBe(true);
    expect(press(the(root, 'a'))).toBe(true);
    expect(press(document)).toBe(true);
    expect(held.release()).toEqual([]);
  });

  it('holds a form sent with a button as that button, and one sent without as the form', () => {
    const root = page('<form><input name="a" /><button type="submit">Send</button></form>');
    const form = the<HTMLFormElement>(root, 'form');
    const button = the<HTMLButtonElement>(root, 'button');
    const held = holdPresses(boot.signal);
    form.requestSubmit(button);
    form.requestSubmit();
    expect(held.release()).toEqual([button, form]);
  });

  it('holds a form sent even when a page script stops the event on its way (held on the way down)', () => {
    const root = page('<form><button type="submit">Send</button></form>');
    root.addEventListener('submit', (event) => event.stopPropagation());
    const held = holdPresses(boot.signal);
    const submitted = the(root, 'form').dispatchEvent(
      new Event('submit', { bubbles: true, cancelable: true }),
    );
    expect(submitted).toBe(false);
    expect(held.release()).toEqual([the(root, 'form')]);
  });

  it('holds nothing more once its signal has ended', () => {
    const root = page('<form><button type="button">Press</button></form>');
    const held = holdPresses(boot.signal);
    boot.abort();
    expect(press(the(root, 'button'))).toBe(true);
    expect(the(root, 'form').dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }))).toBe(
      true,
    );
    expect(held.release()).toEqual([]);
  });
});

describe('after release', () => {
  it('leaves presses outside islands to React, and keeps holding those inside islands not live yet', () => {
    const root = page(
      '<button id="page" type="button">Page</button>' +
        '<div data-island><button id="waiting" type="button">Waiting</button></div>' +
        '<div data-island data-live><button id="live" type="button">Live</button></div>',
    );
    const held = holdPresses(boot.signal);
    expect(held.release()).toEqual([]);
    expect(press(the(root, '#page'))).toBe(true);
    expect(press(the(root, '#live'))).toBe(true);
    expect(press(document)).toBe(true);
    expect(press(the(root, '#waiting'))).toBe(false);
    expect(held.release()).toEqual([]);
    expect(held.claim(the(root, '[data-island]'))).toEqual([the(root, '#waiting')]);
  });

  it('hands each held press over once: released outside islands, claimed by the island it was made in', () => {
    const root = page(
      '<button id="first" type="button">First</button>' +
        '<div data-island><button id="inside" type="button">Inside</button></div>' +
        '<button id="second" type="button">Second</button>',
    );
    const held = holdPresses(boot.signal);
    press(the(root, '#first'));
    press(the(root, '#inside'));
    press(the(root, '#second'));
    expect(held.release()).toEqual([the(root, '#first'), the(root, '#second')]);
    expect(held.release()).toEqual([]);
    const island = the(root, '[data-island]');
    expect(held.claim(island)).toEqual([the(root, '#inside')]);
    expect(held.claim(island)).toEqual([]);
  });
});
