import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

/** Where a page remembers the launch token it took (src/platform/launch-token/take-launch-token.ts). */
const LAUNCH_TOKEN = Symbol.for('agency-site.launch-token');

// Each test starts as a fresh page: nothing rendered, stored or remembered.
afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  window.localStorage.clear();
  Reflect.deleteProperty(window, LAUNCH_TOKEN);
});
