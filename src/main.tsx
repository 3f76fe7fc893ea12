import { StrictMode } from 'react';
import { App } from './app/app.tsx';
import { startBridge } from './app/bridge-setup.ts';
import { loadPage } from './app/page-registry.ts';
import { pageNameForPath } from './app/paths.ts';
import { hydratePage } from './hydration/index.ts';

// The launch query (and its access_token) is taken before the first render, request or message.
startBridge();

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
