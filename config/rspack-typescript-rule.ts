import type { RuleSetRule } from '@rspack/core';

/** Browsers the site and the editor shell are compiled for. */
export const BROWSER_TARGETS = 'chrome >= 111, edge >= 111, firefox >= 111, safari >= 16.4';

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
