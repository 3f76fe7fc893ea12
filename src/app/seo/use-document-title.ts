import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { pageNameForPath } from '../paths.ts';
import { pageMeta } from './page-meta.ts';

/** Keeps the tab's title in step with client-side navigation (the first title comes with the prerendered HTML). */
export function useDocumentTitle(): void {
  const [location] = useLocation();
  useEffect(() => {
    document.title = pageMeta(pageNameForPath(location)).title;
  }, [location]);
}
