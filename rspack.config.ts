/**
 * One config, two outputs in `dist/`:
 * - `site`: the standalone public site (`index.html` + `assets/`), without the Module Federation runtime;
 * - `remote`: the federated remote (`remoteEntry.js`, `mf-manifest.json`, chunks in `mf/`) exposing `./App` and
 *   `./bridge`, with React shared as singletons;
 * - `prerender`: a Node build of the App (`dist-ssr/`) that `scripts/prerender.mjs` uses to write every page's HTML.
 */

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { defineConfig } from '@rspack/cli';
import { type Compiler, type Configuration, type RuleSetRule, rspack } from '@rspack/core';
import { BROWSER_TARGETS, typescriptRule } from './config/rspack-typescript-rule.ts';
import { readSiteConfig } from './config/site-config.ts';
import { svgDataUrl } from './config/svg-data-url.ts';
import {
  classNameFile,
  classNameMap,
  readClassNameFile,
  renameInCss,
  renameInJs,
  stylesheetClassNames,
} from './scripts/class-names.mjs';

const siteConfig = readSiteConfig();
const production = process.env.NODE_ENV === 'production';
const sitePort = Number(process.env.SITE_PORT ?? 4401);
const ssrDir = new URL('./dist-ssr', import.meta.url).pathname;

const rules: RuleSetRule[] = [
  typescriptRule(production),
  { test: /\.css$/, use: ['postcss-loader'], type: 'css/auto' },
  { test: /\.(png|jpe?g|webp|avif|svg)$/, type: 'asset/resource' },
];

const shared: Configuration = {
  mode: production ? 'production' : 'development',
  devtool: production ? false : 'cheap-module-source-map',
  resolve: { extensions: ['.tsx', '.ts', '.js'] },
  module: { rules },
  performance: false,
  experiments: { css: true },
};

const define = new rspack.DefinePlugin({ __SITE_CONFIG__: JSON.stringify(siteConfig) });

/**
 * Writes the files of each named chunk group of the site (`page-Pricing` → its scripts) to `dist-ssr/`, so that the
 * prerender step can list a page's chunk beside the main script (no request waterfall before hydration).
 */
const chunkManifest = {
  apply(compiler: Compiler) {
    compiler.hooks.done.tap('ChunkManifest', (stats) => {
      const { namedChunkGroups = {} } = stats.toJson({ all: false, chunkGroups: true });
      const groups = Object.fromEntries(
        Object.entries(namedChunkGroups).map(([name, group]) => [
          name,
          (group.assets ?? []).map((a) => a.name),
        ]),
      );
      mkdirSync(ssrDir, { recursive: true });
      writeFileSync(`${ssrDir}/site-chunks.json`, JSON.stringify(groups, null, 2));
    });
  },
};

/**
 * Production: Tailwind's class names shortened in the site's stylesheet and scripts (scripts/class-names.mjs) before
 * the assets are content-hashed; the map, every single-word string it renamed in the scripts and every string it left
 * alone although it names a class go to `dist-ssr/class-names.json`, for the prerender step, which renames the
 * classes of the pages' HTML with the map (tests/e2e/layout/class-names.spec.ts checks the pages' classes).
 * The names are kept from one build to the next in the committed `config/class-names.json`: a class keeps its name,
 * a new class takes a free one, and the build writes the file back when it added or dropped a class (commit it with
 * the change that did).
 */
const classNamesFile = new URL('./config/class-names.json', import.meta.url).pathname;
const shortClassNames = {
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('ShortClassNames', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'ShortClassNames', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_INLINE },
        () => {
          const assets = compilation.getAssets();
          const stylesheets = assets.filter((asset) => asset.name.endsWith('.css'));
          const [stylesheet] = stylesheets;
          if (!stylesheet || stylesheets.length !== 1)
            throw new Error(`short class names: expected one stylesheet, got ${stylesheets.length}`);
          const css = stylesheet.source.source().toString();
          const scripts = assets
            .filter((asset) => asset.name.endsWith('.js'))
            .map((asset) => ({ name: asset.name, code: asset.source.source().toString() }));
          const committed = existsSync(classNamesFile) ? readFileSync(classNamesFile, 'utf8') : null;
          const map = classNameMap(
            css,
            scripts.map((script) => script.code),
            readClassNameFile(committed),
          );
          const file = classNameFile(map);
          if (file !== committed) writeFileSync(classNamesFile, file);
          const classes = stylesheetClassNames(css);
          compilation.updateAsset(stylesheet.name, new rspack.sources.RawSource(renameInCss(css, map)));
          const renamedStrings = new Set<string>();
          const mixedStrings = new Set<string>();
          for (const script of scripts) {
            const result = renameInJs(script.code, map, classes);
            for (const text of result.renamedStrings) renamedStrings.add(text);
            for (const text of result.mixedStrings) mixedStrings.add(text);
            compilation.updateAsset(script.name, new rspack.sources.RawSource(result.code));
          }
          mkdirSync(ssrDir, { recursive: true });
          writeFileSync(
            `${ssrDir}/class-names.json`,
            JSON.stringify(
              {
                map: Object.fromEntries(map),
                renamedStrings: [...renamedStrings].sort(),
                mixedStrings: [...mixedStrings].sort(),
              },
              null,
              2,
            ),
          );
        },
      );
    });
  },
};

const site: Configuration = {
  ...shared,
  name: 'site',
  // `boot` is the script prerendered pages name in their HTML; it loads `main` (and the page's chunk) after the
  // first paint (scripts/prerender.mjs).
  entry: {
    main: './src/entries/standalone-site.tsx',
    boot: './src/entries/boot-script.ts',
    styles: './src/styles/standalone.css',
  },
  output: {
    path: new URL('./dist', import.meta.url).pathname,
    publicPath: '/',
    filename: production ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
    chunkFilename: production ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
    cssFilename: production ? 'assets/[name].[contenthash:8].css' : 'assets/[name].css',
    cssChunkFilename: production ? 'assets/[name].[contenthash:8].css' : 'assets/[name].css',
    assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
    clean: false,
  },
  optimization: {
    // The CSS minifier writes for the browsers the site is built for: without targets it kept vendor prefixes and
    // `:-webkit-any()`/`:-moz-any()` copies of every `:is()` rule (about 0.45 KB of the stylesheet, brotli, and of the
    // CSS inlined in each page) for browsers older than those.
    minimizer: [
      new rspack.SwcJsMinimizerRspackPlugin(),
      new rspack.LightningCssMinimizerRspackPlugin({ minimizerOptions: { targets: BROWSER_TARGETS } }),
    ],
    splitChunks: {
      cacheGroups: {
        react: {
          test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
          name: 'react',
          chunks: 'initial',
          enforce: true,
        },
      },
    },
  },
  // A name imported from a module that does not export it fails the build (no `undefined` at run time).
  module: { ...shared.module, parser: { javascript: { exportsPresence: 'error' } } },
  plugins: [
    define,
    chunkManifest,
    ...(production ? [shortClassNames] : []),
    new rspack.HtmlRspackPlugin({
      template: './src/index.html',
      templateParameters: {
        title: `${siteConfig.agencyName} | Business platforms and automations for UK small businesses`,
        description:
          'Custom business platforms and automations for UK small businesses: customer tracking, auto-replies, follow-ups, quotes and bookings in one place.',
        // Inline, so that the browser requests nothing but the page before its first paint (public/favicon.svg stays
        // for anything that asks for the file).
        favicon: svgDataUrl(readFileSync(new URL('./public/favicon.svg', import.meta.url), 'utf8')),
      },
      scriptLoading: 'defer',
      // The dev server's page runs `boot` first too (it takes the launch token; with nothing listed for it to load, it
      // loads nothing) and then `main`; prerendered pages inline `boot`, which loads the rest (scripts/prerender.mjs).
      chunks: ['boot', 'styles', 'main'],
      chunksSortMode: 'manual',
    }),
    new rspack.CopyRspackPlugin({ patterns: [{ from: 'public', to: '.', noErrorOnMissing: true }] }),
  ],
  devServer: {
    port: sitePort,
    host: 'localhost',
    historyApiFallback: true,
    hot: false,
    liveReload: true,
    headers: { 'Access-Control-Allow-Origin': siteConfig.editorOrigins[0] ?? '' },
  },
};

const remote: Configuration = {
  ...shared,
  name: 'remote',
  entry: {},
  output: {
    path: new URL('./dist', import.meta.url).pathname,
    publicPath: 'auto',
    uniqueName: 'agency_site',
    filename: 'mf/[name].[contenthash:8].js',
    chunkFilename: 'mf/[name].[contenthash:8].js',
    cssFilename: 'mf/[name].[contenthash:8].css',
    cssChunkFilename: 'mf/[name].[contenthash:8].css',
    assetModuleFilename: 'mf/[name].[contenthash:8][ext]',
    clean: false,
  },
  plugins: [
    define,
    new ModuleFederationPlugin({
      name: 'agency_site',
      filename: 'remoteEntry.js',
      manifest: true,
      dts: false,
      exposes: {
        './App': './src/entries/federated-app.tsx',
        './bridge': './src/bridge/index.ts',
      },
      shared: {
        react: { singleton: true, requiredVersion: '^19.0.0' },
        'react-dom': { singleton: true, requiredVersion: '^19.0.0' },
        'react-dom/client': { singleton: true, requiredVersion: '^19.0.0' },
        'react/jsx-runtime': { singleton: true, requiredVersion: '^19.0.0' },
      },
    }),
  ],
};

/** The prerender step's server entry: the same App, rendered in Node by `scripts/prerender.mjs` (not shipped). */
const prerender: Configuration = {
  ...shared,
  name: 'prerender',
  target: 'node20',
  entry: { 'render-page': './src/entries/prerender-page.tsx' },
  output: {
    path: ssrDir,
    publicPath: '/',
    filename: '[name].cjs',
    chunkFilename: 'chunks/[name].cjs',
    library: { type: 'commonjs2' },
    assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
    clean: false,
  },
  module: { rules, generator: { asset: { emit: false }, 'asset/resource': { emit: false } } },
  optimization: { minimize: false },
  plugins: [define],
};

export default defineConfig([site, remote, prerender]);
