import { use } from 'react';
import { useLocation } from 'wouter';
import { NotFoundPage } from '../pages/not-found-page.tsx';
import { useAuthStore } from './auth/auth-store.ts';
import { loadedPage, loadPage } from './page-registry.ts';
import { type PageName, pageNameForPath } from './paths.ts';

function LazyPage({ name }: { name: PageName }) {
  const Page = loadedPage(name) ?? use(loadPage(name));
  return <Page />;
}

/**
 * Picks the page for the current location. Matching goes through `pageNameForPath` (case-insensitive, one table for
 * routes, links and page logs) rather than per-route patterns.
 */
export function AppRoutes() {
  const [location] = useLocation();
  const page = pageNameForPath(location);
  const isAdmin = useAuthStore((state) => state.user?.role === 'admin');
  if (!page) return <NotFoundPage adminNote={isAdmin} />;
  return <LazyPage name={page} />;
}
