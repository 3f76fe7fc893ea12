import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { pageNameForPath } from '../../shared/navigation/paths.ts';

/**
 * Keeps the tab's title in step with client-side navigation. The first title comes with the prerendered HTML, so the
 * page texts it is built from load with the first navigation, not with the page.
 */
export function useDocumentTitle(): void {
  const [location] = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      if (document.title) return;
    }
    void import(/* webpackChunkName: "page-meta" */ './page-meta.ts').then(({ pageMeta }) => {
      document.title = pageMeta(pageNameForPath(location)).title;
    });
  }, [location]);
}
