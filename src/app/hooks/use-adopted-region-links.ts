import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { isInAdoptedRegion } from '../static-region.tsx';
import { bookACallHref, useBookACall } from './use-book-a-call.ts';

/**
 * Links inside a static region adopted from the prerendered HTML are plain `<a href>`s: without this, a click would
 * load the next page from the server. This routes them as the site's `Link`s and Book A Call links do: client-side,
 * leaving modified clicks (new tab, download) and other origins to the browser. It listens in the capture phase,
 * before React's root listener, which stops events aimed at dehydrated content.
 */
export function useAdoptedRegionLinks(): void {
  const [, navigate] = useLocation();
  const bookACall = useBookACall();
  const latest = useRef({ navigate, bookACall });
  latest.current = { navigate, bookACall };

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const target = event.target instanceof Element ? event.target : null;
      const anchor = target?.closest('a[href]');
      if (!(anchor instanceof HTMLAnchorElement) || !isInAdoptedRegion(anchor)) return;
      if (anchor.target || anchor.hasAttribute('download')) return;
      const href = anchor.getAttribute('href') ?? '';
      if (href === bookACallHref) {
        event.preventDefault();
        latest.current.bookACall();
        return;
      }
      const url = new URL(anchor.href);
      if (!href.startsWith('/') || url.origin !== window.location.origin || url.hash) return;
      event.preventDefault();
      latest.current.navigate(`${url.pathname}${url.search}`);
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, []);
}
