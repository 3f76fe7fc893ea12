// wouter imports the `use-sync-external-store` shim for React < 18; React 19 has the hook built in, so the build
// aliases the shim to it (rspack.config.ts) and ships no polyfill.
export { useSyncExternalStore } from 'react';
