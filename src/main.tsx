import { StrictMode } from 'react';
import { App } from './app/app.tsx';
import { loadPage } from './app/page-registry.ts';
import { hydratePage } from './hydration/index.ts';
import { pageNameForPath } from './shared/navigation/paths.ts';
import { holdEarlyErrors } from './shared/site-platform/site-bridge-loader.ts';

// The boot script took the launch token before the first paint; the bridge is installed once the page is live, and
// reports what went wrong before then.
holdEarlyErrors();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// Pages are prerendered: React adopts their HTML and leaves their static regions as they are (src/hydration/).
hydratePage(
  container,
  <StrictMode>
    <App />
  </StrictMode>,
  () => loadPage(pageNameForPath(window.location.pathname) ?? 'NotFound'),
);
