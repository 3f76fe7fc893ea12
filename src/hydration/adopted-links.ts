import { useEffect, useRef } from 'react';
import { isPlainLinkClick } from '../shared/navigation/plain-click.ts';
import { isInAdoptedRegion } from './region.tsx';

/**
 * Links inside a region adopted from the prerendered HTML are plain `<a href>`s with no React handlers: without this,
 * a click would load the next page from the server. One capture-phase listener on the document (it runs before
 * React's root listener, which stops events aimed at dehydrated content) hands each plain click on such a link (the
 * site's one rule, `isPlainLinkClick`) to `follow`, which routes it as the site's own links do and returns true, or
 * returns false to leave it to the browser.
 */
export function useAdoptedRegionLinks(follow: (anchor: HTMLAnchorElement) => boolean): void {
  const latest = useRef(follow);
  latest.current = follow;
  // Stryker disable next-line ArrayDeclaration: any constant list of dependencies, like this empty one, runs it once.
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(anchor instanceof HTMLAnchorElement) || !isInAdoptedRegion(anchor)) return;
      if (isPlainLinkClick(event, anchor) && latest.current(anchor)) event.preventDefault();
    };
    const listening = new AbortController();
    document.addEventListener('click', onClick, { capture: true, signal: listening.signal });
    return () => listening.abort();
  }, []);
}
