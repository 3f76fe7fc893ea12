import type { RuleSetRule } from '@rspack/core';

/**
 * Browsers the site and the editor shell are compiled for: the versions that support the CSS colour spaces Tailwind
 * v4 writes (`oklch()`: no hex copies of the theme for older ones), `@property` and relative colours (Firefox 128, its
 * oldest ESR still supported; the first-screen CSS leaves out Tailwind's fallback for browsers before them,
 * scripts/critical-css.mjs).
 */
export const BROWSER_TARGETS = 'chrome >= 111, edge >= 111, firefox >= 128, safari >= 16.4';

/** TypeScript and React through Rspack's built-in SWC loader: one rule for the site's and the shell's configs. */
export function typescriptRule(production: boolean): RuleSetRule {
  return {
    test: /\.tsx?$/,
    exclude: /node_modules/,
    loader: 'builtin:swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic', development: !production } },
      },
      env: { targets: BROWSER_TARGETS },
    },
    type: 'javascript/auto',
  };
}
