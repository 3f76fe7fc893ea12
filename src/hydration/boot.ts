/**
 * The first script of every prerendered page, inlined in its `<head>` (scripts/prerender.mjs): the boot steps of
 * `boot-page.ts` for this script's page, run before the browser has parsed the page's body.
 */
import { bootPage } from './boot-page.ts';

bootPage(document.currentScript);
