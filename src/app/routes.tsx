import { use } from 'react';
import { useLocation } from 'wouter';
import { pageNameForPath } from '../shared/navigation/paths.ts';
import { loadedPage, loadPage, type RouteName } from './page-registry.ts';

function LazyPage({ name }: { name: RouteName }) {
  const Page = loadedPage(name) ?? use(loadPage(name));
  return <Page />;
}

/**
 * Picks the page for the current location. Matching goes through `pageNameForPath` (case-insensitive, one table for
 * routes, links and page logs) rather than per-route patterns; any other path shows the Not Found page.
 */
export function AppRoutes() {
  const [location] = useLocation();
  return <LazyPage name={pageNameForPath(location) ?? 'NotFound'} />;
}
