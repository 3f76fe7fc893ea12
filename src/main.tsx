import './styles/standalone.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { startBridge } from './app/bridge-setup.ts';
import { loadPage } from './app/page-registry.ts';
import { pageNameForPath } from './app/paths.ts';

// The launch query (and its access_token) is taken before the first render, request or message.
startBridge();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

function start(): void {
  if (!container) return;
  // Pages are prerendered: React adopts their HTML. A page without it (the dev server) is rendered from scratch.
  if (container.firstElementChild) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

// The page's chunk is listed in the HTML beside this script; waiting for it makes the first render match the HTML.
const page = pageNameForPath(window.location.pathname);
if (page) loadPage(page).then(start, start);
else start();
