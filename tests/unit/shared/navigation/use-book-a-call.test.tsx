/**
 * `useBookACall` (src/shared/navigation/use-book-a-call.ts, docs/requirements.md, "Screens and routes"): on the home
 * page it scrolls to the contact section at once; elsewhere it goes home, then scrolls once the section is on the page,
 * one frame after it appears, giving up 10 s after it starts waiting. The scroll is smooth unless the visitor asked for
 * reduced motion.
 */
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { layout } from '../../../../src/content/layout.ts';
import { bookACallHref, useBookACall } from '../../../../src/shared/navigation/use-book-a-call.ts';

/** How long the hook waits for the contact section once it starts watching for it. */
const GIVE_UP_MS = 10_000;

/** The hook on a site opened at `path`, and the site's history. */
function openAt(path: string) {
  const memory = memoryLocation({ path, record: true });
  const wrapper = ({ children }: { children: ReactNode }) => <Router hook={memory.hook}>{children}</Router>;
  const { result } = renderHook(() => useBookACall(), { wrapper });
  return { history: memory.history, press: () => act(() => result.current()) };
}

/** Puts a contact section on the page (in `parent`); `scrolls` records each scroll to it. */
function addContact(parent: HTMLElement = document.body) {
  const section = document.createElement('section');
  section.id = layout.contactSectionId;
  const scrolls: unknown[] = [];
  section.scrollIntoView = (options?: boolean | ScrollIntoViewOptions) => void scrolls.push(options);
  parent.append(section);
  return { section, scrolls };
}

/** A browser whose visitor asked for reduced motion (only that exact query matches). */
function preferReducedMotion() {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(prefers-reduced-motion: reduce)' }));
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.clearAllTimers();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.getElementById(layout.contactSectionId)?.remove();
  delete document.documentElement.dataset.layoutAll;
});

describe('useBookACall on the home page', () => {
  it('scrolls smoothly to the contact section at once, laying out every section above, without navigating', () => {
    const contact = addContact();
    const site = openAt('/');
    site.press();
    expect(contact.scrolls).toEqual([{ behavior: 'smooth', block: 'start' }]);
    expect(document.documentElement.dataset.layoutAll).toBe('');
    expect(site.history).toEqual(['/']);
  });

  it('knows the home page by any spelling of its path', () => {
    const contact = addContact();
    const site = openAt('/INDEX/');
    site.press();
    expect(contact.scrolls).toHaveLength(1);
    expect(site.history).toEqual(['/INDEX/']);
  });

  it('jumps instead of scrolling smoothly for a visitor who asked for reduced motion', () => {
    preferReducedMotion();
    const contact = addContact();
    openAt('/').press();
    expect(contact.scrolls).toEqual([{ behavior: 'auto', block: 'start' }]);
  });

  it('scrolls smoothly where the browser has no matchMedia', () => {
    vi.stubGlobal('matchMedia', undefined);
    const contact = addContact();
    openAt('/').press();
    expect(contact.scrolls).toEqual([{ behavior: 'smooth', block: 'start' }]);
  });

  it('does nothing when the page has no contact section', () => {
    const site = openAt('/');
    expect(() => site.press()).not.toThrow();
    expect(document.documentElement.dataset.layoutAll).toBeUndefined();
    expect(site.history).toEqual(['/']);
  });
});

describe('useBookACall elsewhere', () => {
  it('goes home at once, and scrolls scrollAfterNavigationMs later when the section is already there', async () => {
    const site = openAt('/Pricing');
    site.press();
    expect(site.history).toEqual(['/Pricing', '/']);
    const contact = addContact();
    await vi.advanceTimersByTimeAsync(layout.scrollAfterNavigationMs - 1);
    expect(contact.scrolls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(contact.scrolls).toEqual([{ behavior: 'smooth', block: 'start' }]);
    expect(document.documentElement.dataset.layoutAll).toBe('');
  });

  it('once home, a second press scrolls at once and does not navigate again', async () => {
    const site = openAt('/Pricing');
    site.press();
    await vi.advanceTimersByTimeAsync(layout.scrollAfterNavigationMs);
    const contact = addContact();
    await vi.advanceTimersByTimeAsync(50);
    expect(contact.scrolls).toHaveLength(1);
    site.press();
    expect(contact.scrolls).toHaveLength(2);
    expect(site.history).toEqual(['/Pricing', '/']);
  });

  it('waits for the section while the home page renders, then scrolls one frame after it appears, once', async () => {
    // The app's root, where the home page renders.
    const root = document.createElement('div');
    document.body.append(root);
    const site = openAt('/Results');
    site.press();
    await vi.advanceTimersByTimeAsync(layout.scrollAfterNavigationMs);
    // Other parts of the page arriving first are not the section.
    root.append(document.createElement('main'));
    await vi.advanceTimersByTimeAsync(50);
    const contact = addContact(root);
    await vi.advanceTimersByTimeAsync(0);
    expect(contact.scrolls).toEqual([]);
    await vi.advanceTimersByTimeAsync(50);
    expect(contact.scrolls).toEqual([{ behavior: 'smooth', block: 'start' }]);
    // Nothing is left waiting to give up.
    expect(vi.getTimerCount()).toBe(0);
    // Watching stopped once the section was found: later changes to the page scroll no more.
    root.append(document.createElement('footer'));
    await vi.advanceTimersByTimeAsync(50);
    expect(contact.scrolls).toHaveLength(1);
    root.remove();
    expect(site.history).toEqual(['/Results', '/']);
  });

  it(`still scrolls to a section that appears just before ${GIVE_UP_MS} ms of waiting`, async () => {
    openAt('/Process').press();
    await vi.advanceTimersByTimeAsync(layout.scrollAfterNavigationMs);
    await vi.advanceTimersByTimeAsync(GIVE_UP_MS - 1);
    const contact = addContact();
    await vi.advanceTimersByTimeAsync(50);
    expect(contact.scrolls).toHaveLength(1);
  });

  it(`gives up after ${GIVE_UP_MS} ms: a section that appears later is not scrolled to`, async () => {
    openAt('/Process').press();
    await vi.advanceTimersByTimeAsync(layout.scrollAfterNavigationMs);
    await vi.advanceTimersByTimeAsync(GIVE_UP_MS);
    const contact = addContact();
    await vi.advanceTimersByTimeAsync(50);
    expect(contact.scrolls).toEqual([]);
  });
});

describe('bookACallHref', () => {
  it('is the home page at the contact section (for links opened without the script)', () => {
    expect(bookACallHref).toBe('/#contact');
  });
});
