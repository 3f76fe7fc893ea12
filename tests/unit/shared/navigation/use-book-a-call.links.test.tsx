/**
 * Book A Call links (the header's button and the sections' calls to action) route a plain left-click themselves, and
 * leave every other click to the browser: a new tab, a new window or a download must not also move this page.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { BookACallButton } from '../../../../src/app/layout/book-a-call-button.tsx';
import { layout, navLabels } from '../../../../src/content/layout.ts';
import { BookCallLink } from '../../../../src/sections/book-call-link.tsx';

const links: [string, (label: string) => ReactNode][] = [
  ['BookACallButton', () => <BookACallButton className="cta" />],
  ['BookCallLink', (label) => <BookCallLink className="cta">{label}</BookCallLink>],
];

// A routed click schedules the scroll to the contact section; fake timers keep it from firing after the file's
// document is gone (it would throw "document is not defined" into the run).
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.clearAllTimers();
  vi.useRealTimers();
});

function renderAt(path: string, link: ReactNode) {
  const location = memoryLocation({ path, record: true });
  render(<Router hook={location.hook}>{link}</Router>);
  return location;
}

describe.each(links)('%s', (_, make) => {
  const label = navLabels.bookACall;

  it('a plain left-click goes home (client-side), without the browser following the link', () => {
    const location = renderAt('/Pricing', make(label));
    const routed = fireEvent.click(screen.getByRole('link', { name: label }), { button: 0 });
    expect(routed).toBe(false);
    expect(location.history).toEqual(['/Pricing', '/']);
  });

  it('after going home, scrolls to the contact section once the home page shows it', async () => {
    renderAt('/Pricing', make(label));
    fireEvent.click(screen.getByRole('link', { name: label }), { button: 0 });
    await vi.advanceTimersByTimeAsync(layout.scrollAfterNavigationMs);
    const contact = document.createElement('section');
    contact.id = layout.contactSectionId;
    const scrollIntoView = vi.fn();
    contact.scrollIntoView = scrollIntoView;
    document.body.append(contact);
    await vi.advanceTimersByTimeAsync(50);
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.calls[0]?.[0]).toMatchObject({ block: 'start' });
    contact.remove();
  });

  it.each([
    ['Ctrl', { ctrlKey: true }],
    ['Meta', { metaKey: true }],
    ['Shift', { shiftKey: true }],
    ['Alt', { altKey: true }],
    ['middle button', { button: 1 }],
  ])('a %s click is left to the browser', (_key, init) => {
    const location = renderAt('/Pricing', make(label));
    const leftToBrowser = fireEvent.click(screen.getByRole('link', { name: label }), { button: 0, ...init });
    expect(leftToBrowser).toBe(true);
    expect(location.history).toEqual(['/Pricing']);
  });

  it('a click another handler already took is not routed again', () => {
    const location = renderAt('/Pricing', make(label));
    const link = screen.getByRole('link', { name: label });
    link.parentElement?.addEventListener('click', (event) => event.preventDefault(), { capture: true });
    fireEvent.click(link, { button: 0 });
    expect(location.history).toEqual(['/Pricing']);
  });
});
