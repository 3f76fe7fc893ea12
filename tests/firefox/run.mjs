#!/usr/bin/env node
/**
 * `node tests/firefox/run.mjs`: the Firefox smoke (tests/firefox/main.ts), run through tsx in this same process so
 * that a signal or a crash reaches the code that stops the servers and the browser. Expects a built site (dist/);
 * `npm test` builds before it. Writes reports/firefox.json.
 */
import { register } from 'tsx/esm/api';

register();
await import('./main.ts');
