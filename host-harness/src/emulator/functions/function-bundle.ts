import path from 'node:path';
import type { BuildOptions, Message, Plugin } from 'esbuild';
import { cachedBundle, keepBundle } from './bundle-cache.ts';
import { npmSpecifierProblem, parseNpmSpecifier } from './npm-specifier.ts';
import { REPO_ROOT } from './project-paths.ts';

/**
 * One function as the platform deploys it: one ES module that esbuild builds from the function's entry, its folder and
 * `base44/shared/`, with the settings of the platform's CLI (0.1.18). `npm:` specifiers resolve to the same exact
 * version in the project's node_modules (npm-specifier.ts); `node:` and `cloudflare:` imports stay imports, since
 * workerd provides them; `base44:runtime` is the platform's virtual module.
 */

/** The CLI's settings (`docs/deploy.md`, "Where the functions run"). */
export const PLATFORM_SETTINGS: BuildOptions = {
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  conditions: ['workerd', 'worker', 'browser', 'module'],
  define: { __dirname: '"/"', __filename: '"/index.js"' },
  external: ['node:*', 'cloudflare:*'],
};

/** `base44:runtime`: what the generated entry installs as `globalThis.Base44`, as imports. */
const RUNTIME_MODULE = `
export const secrets = { get: (name) => globalThis.Base44.secrets.get(name) };
export const waitUntil = (promise) => globalThis.Base44.waitUntil(promise);
`;
const RUNTIME_NAMESPACE = 'base44-runtime';

export interface FunctionBundle {
  /** The ES module. */
  code: string;
  /** The project files it was built from, relative to the project root (node_modules left out). */
  inputs: string[];
}

/** The function could not be bundled; the message lists every problem, each with its file and line. */
export class FunctionBundleError extends Error {
  override name = 'FunctionBundleError';
}

/** Resolution the way the platform's CLI does it, for what esbuild does not know: `npm:`, `base44:runtime`. */
function platformResolution(projectRoot: string): Plugin {
  return {
    name: 'platform-resolution',
    setup(bundler) {
      bundler.onResolve({ filter: /^base44:runtime$/ }, () => ({
        path: 'runtime',
        namespace: RUNTIME_NAMESPACE,
      }));
      bundler.onLoad({ filter: /.*/, namespace: RUNTIME_NAMESPACE }, () => ({
        contents: RUNTIME_MODULE,
        loader: 'js',
      }));
      bundler.onResolve({ filter: /^npm:/ }, async (args) => {
        const spec = parseNpmSpecifier(args.path);
        if (!spec) return { errors: [{ text: `${args.path} is not an npm: specifier (npm:name@x.y.z)` }] };
        const problem = npmSpecifierProblem(spec, projectRoot);
        if (problem) return { errors: [{ text: problem }] };
        const resolved = await bundler.resolve(`${spec.name}${spec.subpath}`, {
          kind: args.kind,
          resolveDir: projectRoot,
          pluginData: { fromNpmSpecifier: true },
        });
        return resolved.errors.length > 0 ? { errors: resolved.errors } : { path: resolved.path };
      });
      bundler.onResolve({ filter: /^(jsr:|https?:)/ }, (args) => ({
        errors: [
          {
            text: `${args.path}: only npm: packages are bundled here (from node_modules); jsr: and https: imports are not supported locally`,
          },
        ],
      }));
      // A bare name in the project's own code: Deno's resolver (with no import map: deno.json is not applied) has
      // nothing to map it to. Inside node_modules, packages import each other by bare name as usual.
      bundler.onResolve({ filter: /^[^./]/ }, (args) => {
        // (By path segment: node_modules may be a link, and esbuild names importers by their real path.)
        const inPackage = args.importer.split(path.sep).includes('node_modules');
        if (args.pluginData?.fromNpmSpecifier || inPackage) return undefined;
        if (/^(node|cloudflare):/.test(args.path)) return undefined;
        return {
          errors: [
            {
              text: `"${args.path}" is a bare specifier, which the platform cannot resolve: import npm:${args.path}@<version> (a Node built-in as node:<name>)`,
            },
          ],
        };
      });
    },
  };
}

function located(message: Message, projectRoot: string): string {
  const file = message.location ? path.resolve(projectRoot, message.location.file) : '';
  const shown = file.startsWith(projectRoot + path.sep) ? path.relative(projectRoot, file) : file;
  const where = message.location ? `${shown}:${message.location.line}:${message.location.column + 1}: ` : '';
  return `${where}${message.text}`;
}

/** Bundles the function whose entry file is `entry`. Rejects with a `FunctionBundleError`. */
export async function bundleFunction(entry: string, projectRoot = REPO_ROOT): Promise<FunctionBundle> {
  const key = `${projectRoot}\0${entry}`;
  const cached = cachedBundle<FunctionBundle>(projectRoot, key);
  if (cached) return cached;
  try {
    // Loaded on the first bundle: most harness processes (and test files) never run a function.
    const { build } = await import('esbuild');
    const result = await build({
      ...PLATFORM_SETTINGS,
      entryPoints: [entry],
      absWorkingDir: projectRoot,
      // The project's tsconfig.json is not the platform's: nothing of it applies.
      tsconfigRaw: {},
      write: false,
      metafile: true,
      logLevel: 'silent',
      plugins: [platformResolution(projectRoot)],
    });
    const built = Object.keys(result.metafile?.inputs ?? {}).filter(
      (input) => !input.startsWith(`${RUNTIME_NAMESPACE}:`),
    );
    const bundle = {
      code: result.outputFiles?.[0]?.text ?? '',
      inputs: built.filter((input) => !input.includes('node_modules/')),
    };
    const files = [...built, 'package.json'].map((input) => path.resolve(projectRoot, input));
    keepBundle(projectRoot, key, bundle, files);
    return bundle;
  } catch (error) {
    const errors = (error as { errors?: Message[] }).errors;
    if (!Array.isArray(errors) || errors.length === 0) throw error;
    throw new FunctionBundleError(errors.map((message) => located(message, projectRoot)).join('\n'));
  }
}
