/**
 * wouter's `react-deps.js` for React 19 (swapped in by rspack.config.ts). The original reads
 * `React['useInsertion' + 'Effect']` through `import * as React`, which makes the bundler ship a CommonJS namespace
 * helper on every page for a hook React 19 always has. Same exports, same behaviour.
 */
import { useEffect, useInsertionEffect, useLayoutEffect, useRef } from 'react';

export {
  cloneElement,
  createContext,
  createElement,
  Fragment,
  forwardRef,
  isValidElement,
  useContext,
  useInsertionEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';

/** useLayoutEffect in the browser, useEffect (a no-op) on the server. */
export const useIsomorphicLayoutEffect = typeof document !== 'undefined' ? useLayoutEffect : useEffect;

/** A stable function that always calls the latest `fn` (wouter's own approximation of `useEffectEvent`). */
export function useEvent<Args extends unknown[], Result>(
  fn: (...args: Args) => Result,
): (...args: Args) => Result {
  type Pair = [latest: (...args: Args) => Result, stable: (...args: Args) => Result];
  const ref: Pair = useRef<Pair>([fn, (...args: Args): Result => ref[0](...args)]).current;
  useInsertionEffect(() => {
    ref[0] = fn;
  });
  return ref[1];
}
