import { StrictMode } from 'react';
import { App } from './app/app.tsx';
import { loadPage } from './app/page-registry.ts';
import { hydratePage } from './hydration/index.ts';
import { pageNameForPath } from './shared/navigation/paths.ts';
import { getSiteBridge } from './shared/platform/site-bridge.ts';

// The first call installs the bridge: the launch query (and its access_token) is taken before the first render,
// request or message.
getSiteBridge();

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
