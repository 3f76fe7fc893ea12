import { useEffect } from 'react';
import { getSitePlatform } from '../platform/site-platform.ts';
import { checkAppState } from './auth-store.ts';

let started = false;

/** Starts the startup auth check once per page load, after hydration (browser-only state). */
export function useStartupAuth(): void {
  useEffect(() => {
    if (started) return;
    started = true;
    void checkAppState(getSitePlatform(), () => window.location.href);
  }, []);
}
