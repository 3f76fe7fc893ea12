/**
 * Starts the standalone site: the main script of every prerendered page (the boot script loads it after the first
 * paint), which makes the page live.
 */
import { holdEarlyErrors } from '../shared/site-platform/site-bridge-loader.ts';

// The boot script took the launch token before the first paint; the bridge is installed once the page is live, and
// reports what went wrong before then.
holdEarlyErrors();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

/** Resolves in a task of its own, after the browser has had the main thread back. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// The site's modules start in tasks of their own rather than in one long one with this script: the loading layer
// with React DOM first (its setup is the largest), then the site's. `eager`: they stay in this script, no request of
// their own.
nextTask()
  .then(() => import(/* webpackMode: "eager" */ '../hydration/index.ts'))
  .then(nextTask)
  .then(() => import(/* webpackMode: "eager" */ './hydrate-site.tsx'))
  .then(({ hydrateSite }) => hydrateSite(container));
