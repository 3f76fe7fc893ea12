/**
 * `useDocumentTitle` (src/app/seo/use-document-title.ts): the tab's title follows client-side navigation; the first
 * title is the prerendered one, kept as it is (only a page without one gets it from the page texts).
 */
import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { pageMeta } from '../../../../src/app/seo/page-meta.ts';
import { useDocumentTitle } from '../../../../src/app/seo/use-document-title.ts';
import { waitFor } from '../../../support/wait-for.ts';

function Title() {
  useDocumentTitle();
  return null;
}

function openAt(path: string) {
  const memory = memoryLocation({ path, record: true });
  render(
    <Router hook={memory.hook}>
      <Title />
    </Router>,
  );
  return { navigate: (to: string) => act(() => memory.navigate(to)) };
}

/** Long enough for the page texts' chunk (already loaded by this file) to be imported again. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

afterEach(() => {
  document.title = '';
});

describe('useDocumentTitle', () => {
  it('keeps the prerendered title on the first render', async () => {
    document.title = 'Prerendered | Fieldstone Digital';
    openAt('/Pricing');
    await settle();
    expect(document.title).toBe('Prerendered | Fieldstone Digital');
  });

  it('titles a page that came without a title', async () => {
    openAt('/Results');
    await waitFor(() => document.title !== '', 5000, 'a title');
    expect(document.title).toBe('Results our clients measured | Fieldstone Digital');
  });

  it('titles each page navigated to, matching its path as the router does, and the 404 page', async () => {
    document.title = 'Prerendered | Fieldstone Digital';
    const site = openAt('/');
    await settle();
    await site.navigate('/pricing');
    await waitFor(() => document.title === pageMeta('Pricing').title, 5000, 'the Pricing title');
    await site.navigate('/no-such-page');
    await waitFor(() => document.title === pageMeta(null).title, 5000, 'the 404 title');
    await site.navigate('/');
    await waitFor(() => document.title === pageMeta('Index').title, 5000, 'the home title');
  });
});
