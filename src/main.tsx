import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { startBridge } from './app/bridge-setup.ts';
import { finishBoot } from './app/early-clicks.ts';
import { loadPage } from './app/page-registry.ts';
import { pageNameForPath } from './app/paths.ts';
import { adoptServerRegions } from './app/static-region.tsx';

// The launch query (and its access_token) is taken before the first render, request or message.
startBridge();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
/** Renders nothing; once the whole page has been adopted, takes over from the boot script (held presses). */
function BootHandOver() {
  useEffect(finishBoot, []);
  return null;
}

const app = (
  <StrictMode>
    <App />
    <BootHandOver />
  </StrictMode>
);

function start(): void {
  if (!container) return;
  // Pages are prerendered: React adopts their HTML, and leaves their static regions as they are. A page without it
  // (the dev server) is rendered from scratch. As a transition, hydration yields to the browser every few
  // milliseconds instead of holding the main thread for the whole page (a press still hydrates its target at once).
  if (container.firstElementChild)
    startTransition(() => {
      hydrateRoot(container, app);
    });
  else createRoot(container).render(app);
}

// Regions already in the prerendered HTML keep it: their code is neither fetched by `loadPage` nor hydrated.
adoptServerRegions(container);

// The page's chunk is listed in the HTML beside this script; waiting for it makes the first render match the HTML.
// Hydration starts a task after this script's own evaluation, so that neither makes one long task of both.
const later = () => setTimeout(start, 0);
loadPage(pageNameForPath(window.location.pathname) ?? 'NotFound').then(later, later);
