/**
 * The editor shell's front-end: a Module Federation HOST (no remotes at build time; `agency_site` is registered at
 * runtime from the site's `mf-manifest.json`), built into `host-harness/shell/dist/` and served by the harness under
 * `/__shell/`. React is shared as singletons so the remote's `./App` renders with the shell's copy.
 */
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { defineConfig } from '@rspack/cli';
import { type Configuration, rspack } from '@rspack/core';
import { typescriptRule } from '../../config/rspack-typescript-rule.ts';

const production = process.env.NODE_ENV === 'production';
const here = (path: string) => new URL(path, import.meta.url).pathname;

const config: Configuration = {
  name: 'shell',
  context: here('./'),
  mode: production ? 'production' : 'development',
  devtool: production ? false : 'cheap-module-source-map',
  entry: { shell: './src/index.ts' },
  output: {
    path: here('./dist'),
    publicPath: '/__shell/',
    uniqueName: 'editor_shell',
    filename: production ? '[name].[contenthash:8].js' : '[name].js',
    chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
    cssFilename: production ? '[name].[contenthash:8].css' : '[name].css',
    cssChunkFilename: production ? '[name].[contenthash:8].css' : '[name].css',
    clean: true,
  },
  resolve: { extensions: ['.tsx', '.ts', '.js'] },
  module: {
    rules: [typescriptRule(production), { test: /\.css$/, type: 'css/auto' }],
  },
  experiments: { css: true },
  performance: false,
  plugins: [
    new rspack.HtmlRspackPlugin({ template: './index.html', scriptLoading: 'defer', inject: 'head' }),
    new ModuleFederationPlugin({
      name: 'editor_shell',
      // Type hints would fetch the remote's types over the network and start helper servers: off.
      dts: false,
      manifest: false,
      remotes: {},
      shared: {
        react: { singleton: true, requiredVersion: '^19.0.0' },
        'react-dom': { singleton: true, requiredVersion: '^19.0.0' },
        'react-dom/client': { singleton: true, requiredVersion: '^19.0.0' },
        'react/jsx-runtime': { singleton: true, requiredVersion: '^19.0.0' },
      },
    }),
  ],
};

export default defineConfig(config);
