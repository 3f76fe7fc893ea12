/**
 * `react-dom` in the site's bundle (swapped in by rspack.config.ts). Nothing of the site imports `react-dom` itself:
 * `react-dom/client` does, only to share this one object with it. The package's own functions (`createPortal`,
 * `flushSync`, the resource hints) are never called here, and as CommonJS they cannot be tree-shaken: they cost every
 * page's first load about half a kilobyte (brotli). The object is react-dom 19.3.1's own
 * (`cjs/react-dom.production.js`); tests/unit/vendor/react-dom-internals.test.ts checks that it still is, and the
 * build fails on any import of a name this module does not export (`exportsPresence`).
 */
function noop(): void {}

export const __DOM_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE = {
  d: {
    f: noop,
    r(): never {
      throw new Error(
        'Minified React error #522; visit https://react.dev/errors/522 for the full message or use the non-minified dev environment for full errors and additional helpful warnings.',
      );
    },
    D: noop,
    C: noop,
    L: noop,
    m: noop,
    X: noop,
    S: noop,
    M: noop,
  },
  p: 0,
  findDOMNode: null,
};
