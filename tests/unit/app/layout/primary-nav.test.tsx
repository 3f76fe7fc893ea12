/**
 * The primary navigation (header and mobile menu): a link to each page in the spec's order, the shown page marked
 * `aria-current="page"` with its active style, and a followed link routed client-side and reported to `onNavigate`.
 */
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { PrimaryNav } from '../../../../src/app/layout/primary-nav.tsx';

function renderAt(path: string, onNavigate?: () => void) {
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook}>
      <PrimaryNav
        className="nav"
        listClassName="list"
        linkClassName="link"
        activeClassName="active"
        onNavigate={onNavigate}
      />
    </Router>,
  );
  return { location, nav: screen.getByRole('navigation', { name: 'Primary' }) };
}

describe('PrimaryNav', () => {
  it('links every page in order, and marks only the page shown', () => {
    const { nav } = renderAt('/Results');
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Challenges', '/Challenges'],
      ['Solutions', '/Solutions'],
      ['Results', '/Results'],
      ['Process', '/Process'],
      ['Pricing', '/Pricing'],
    ]);
    const current = links.filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current.map((link) => link.textContent)).toEqual(['Results']);
    expect(current[0]?.className).toContain('active');
    expect(links.filter((link) => link.className.includes('active'))).toHaveLength(1);
  });

  it('marks nothing on the home page', () => {
    const { nav } = renderAt('/');
    expect(within(nav).queryByRole('link', { current: 'page' })).toBeNull();
  });

  it('a followed link navigates client-side and calls onNavigate once', () => {
    const onNavigate = vi.fn();
    const { location, nav } = renderAt('/', onNavigate);
    fireEvent.click(within(nav).getByRole('link', { name: 'Pricing' }), { button: 0 });
    expect(location.history).toEqual(['/', '/Pricing']);
    expect(onNavigate).toHaveBeenCalledTimes(1);
    expect(within(nav).getByRole('link', { name: 'Pricing' }).getAttribute('aria-current')).toBe('page');
  });
});
