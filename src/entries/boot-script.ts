/**
 * Starts a prerendered page: its boot script, inlined in the `<head>` of every page (scripts/prerender.mjs), runs the
 * boot steps of `src/hydration/boot-page.ts` for this script's page before the browser has parsed the page's body.
 */
import { bootPage } from '../hydration/boot-page.ts';

bootPage(document.currentScript);
