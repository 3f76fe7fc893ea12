/**
 * The import-boundary check (`npm run lint`) on small trees written for each case: it fails on a forbidden import
 * of every kind (static, `import type`, `export … from`, side-effect, and a dynamic `import()` crossing a layer),
 * and passes the same tree without it; inside the platform emulator, it fails when one feature folder imports another's
 * internals (not its `index.ts`), when core or a feature imports upwards, or when features import each other in a
 * cycle; the payment provider's stand-in and the platform emulator never import each other, the stand-in imports
 * nothing of the site or the backend, and its folders import each other in no cycle. It runs the script as
 * `npm run lint` does, on a root given as argument.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const script = resolve(import.meta.dirname, '../../../scripts/check-boundaries.mjs');
const roots: string[] = [];

/** A repository holding `files` (path → source), with a valid content module every case may import. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'boundaries-'));
  roots.push(root);
  const all = {
    'src/content/brand.ts': "export const brand = { name: 'x' };\n",
    'src/app/app.tsx': "export const app = () => import('../pages/home-page.tsx');\n",
    'src/app/page-registry.ts': "export const home = () => import('../pages/home-page.tsx');\n",
    'src/pages/home-page.tsx': "import { brand } from '../content/brand.ts';\nexport const Home = brand;\n",
    ...files,
  };
  for (const [path, source] of Object.entries(all)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), source);
  }
  return root;
}

function check(root: string): { ok: boolean; output: string } {
  try {
    return { ok: true, output: execFileSync('node', [script, root], { encoding: 'utf8', stdio: 'pipe' }) };
  } catch (error) {
    return { ok: false, output: String((error as { stderr?: string }).stderr) };
  }
}

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('import boundaries', () => {
  it('a tree that follows the table passes (the page table imports pages, lazily)', () => {
    const root = tree({
      'src/app/app.tsx': "import { home } from './page-registry.ts';\nexport const app = home;\n",
      'src/sections/hero.tsx':
        "import { brand } from '../content/brand.ts';\nimport { paths } from '../shared/navigation/paths.ts';\nexport const Hero = () => [brand, paths];\n",
      // Shared machinery: pages and sections may import it, and it imports nothing of the app shell.
      'src/shared/navigation/paths.ts':
        "import { brand } from '../../content/brand.ts';\nexport const paths = brand;\n",
      'src/pages/pricing-page.tsx':
        "import { paths } from '../shared/navigation/paths.ts';\nimport { Hero } from '../sections/hero.tsx';\nimport { useCheckout } from '../checkout/use-checkout.ts';\nexport const Pricing = [paths, Hero, useCheckout];\n",
      // A feature folder: the checkout imports shared machinery and content, and a page imports it.
      'src/checkout/use-checkout.ts':
        "import { paths } from '../shared/navigation/paths.ts';\nimport { brand } from '../content/brand.ts';\nexport const useCheckout = [paths, brand];\n",
      // A module with one entrance: its own files import each other, everyone else its index.ts.
      'src/platform/launch-token/split.ts': 'export const split = 1;\n',
      'src/platform/launch-token/take.ts':
        "import { split } from './split.ts';\nexport const take = split;\n",
      'src/platform/launch-token/index.ts': "export { take } from './take.ts';\n",
      'src/platform/http-core.ts':
        "import { take } from './launch-token/index.ts';\nexport const core = take;\n",
      // The entry points, one folder: they import the app and each other, and nothing imports them.
      'src/entries/standalone-site.tsx': "export const start = () => import('./hydrate-site.tsx');\n",
      'src/entries/hydrate-site.tsx': "import { app } from '../app/app.tsx';\nexport const hydrate = app;\n",
      // Import syntax inside comments and strings is not an import.
      'src/components/logo.tsx':
        "// import('../app/app.tsx')\nexport const text = \"import x from '../app/app.tsx'\";\n",
    });
    expect(check(root)).toMatchObject({ ok: true, output: 'Import boundaries: ok\n' });
  });

  it.each([
    [
      'a dynamic import() from a section into the app shell',
      'src/sections/lazy.tsx',
      'export const load = () => import(/* webpackChunkName: "x" */ \'../app/app.tsx\');\n',
      "src/sections/lazy.tsx: import() '../app/app.tsx': sections may not import app",
    ],
    [
      'a static import from the platform into the site',
      'src/platform/client.ts',
      "import { brand } from '../content/brand.ts';\nexport const c = brand;\n",
      "src/platform/client.ts: import '../content/brand.ts': platform may not import content",
    ],
    [
      'an import type from content into a section',
      'src/content/hero-text.ts',
      "import type { Hero } from '../sections/hero.tsx';\nexport type T = Hero;\n",
      "src/content/hero-text.ts: import type '../sections/hero.tsx': content may not import",
    ],
    [
      'an export … from re-exporting the app from a component',
      'src/components/barrel.ts',
      "export { app } from '../app/app.tsx';\n",
      "src/components/barrel.ts: import '../app/app.tsx': components may not import app",
    ],
    [
      'a side-effect import from the bridge into the app',
      'src/bridge/setup.ts',
      "import '../app/app.tsx';\n",
      "src/bridge/setup.ts: import '../app/app.tsx': bridge may not import app",
    ],
    [
      'a page importing the app shell for shared machinery',
      'src/pages/pricing-page.tsx',
      "import { paths } from '../app/paths.ts';\nexport const Pricing = paths;\n",
      "src/pages/pricing-page.tsx: import '../app/paths.ts': pages may not import app",
    ],
    [
      'shared machinery importing the app shell',
      'src/shared/toasts/toast-store.ts',
      "import { app } from '../../app/app.tsx';\nexport const use = app;\n",
      "src/shared/toasts/toast-store.ts: import '../../app/app.tsx': shared may not import app",
    ],
    [
      'the checkout importing the app shell',
      'src/checkout/use-checkout.ts',
      "import { app } from '../app/app.tsx';\nexport const use = app;\n",
      "src/checkout/use-checkout.ts: import '../app/app.tsx': checkout may not import app",
    ],
    [
      'a section importing the checkout (a page composes it)',
      'src/sections/pricing/package-card.tsx',
      "import { useCheckout } from '../../checkout/use-checkout.ts';\nexport const Card = useCheckout;\n",
      "src/sections/pricing/package-card.tsx: import '../../checkout/use-checkout.ts': sections may not import checkout",
    ],
    [
      "a file of the platform importing the launch token's internals",
      'src/platform/auth.ts',
      "import { split } from './launch-token/split-access-token.ts';\nexport const auth = split;\n",
      "src/platform/auth.ts: import './launch-token/split-access-token.ts': import src/platform/launch-token/ only through its index.ts",
    ],
    [
      "the boot script's loading layer importing the launch token's internals",
      'src/hydration/boot-page.ts',
      "import { take } from '../platform/launch-token/take-launch-token.ts';\nexport const boot = take;\n",
      "src/hydration/boot-page.ts: import '../platform/launch-token/take-launch-token.ts': import src/platform/launch-token/ only through its index.ts",
    ],
    [
      'the app shell importing an entry point',
      'src/app/routes.tsx',
      "import { start } from '../entries/standalone-site.tsx';\nexport const routes = start;\n",
      "src/app/routes.tsx: import '../entries/standalone-site.tsx': app may not import entries",
    ],
    [
      'a page importing another page',
      'src/pages/other-page.tsx',
      "import { Home } from './home-page.tsx';\nexport const Other = Home;\n",
      "src/pages/other-page.tsx: import './home-page.tsx': pages do not import each other",
    ],
    [
      'the app shell importing a page outside the page table',
      'src/app/routes.tsx',
      "export const page = () => import('../pages/home-page.tsx');\n",
      "src/app/routes.tsx: import() '../pages/home-page.tsx': the app shell reaches pages only through the page table",
    ],
    [
      'the site importing the harness',
      'src/app/debug.ts',
      "import { x } from '../../host-harness/src/x.ts';\nexport const y = x;\n",
      "src/app/debug.ts: import '../../host-harness/src/x.ts': app may not import harness",
    ],
    [
      'a computed import() that cannot be checked',
      'src/app/any.ts',
      // A template literal with a substitution: `../pages/${name}.tsx`.
      ['export const load = (name: string) => import(`../pages/$', '{name}.tsx`);\n'].join(''),
      'src/app/any.ts: a computed import() cannot be checked',
    ],
    [
      'a file in no layer',
      'src/misc/helper.ts',
      'export const x = 1;\n',
      'src/misc/helper.ts: in no layer of the import table',
    ],
  ])('fails on %s', (_label, path, source, message) => {
    const result = check(tree({ [path]: source }));
    expect(result.ok).toBe(false);
    expect(result.output).toContain(message);
  });

  describe('platform emulator: features as folders', () => {
    const emulator = 'host-harness/src/emulator';
    /** A small emulator: core, two features with their public surface, and the app factory. */
    const features = (files: Record<string, string>) =>
      tree({
        'src/app/app.tsx': "import { home } from './page-registry.ts';\nexport const app = home;\n",
        [`${emulator}/core/errors.ts`]: 'export class ApiError extends Error {}\n',
        [`${emulator}/auth/caller.ts`]:
          "import { ApiError } from '../core/errors.ts';\nexport const callerOf = () => new ApiError();\n",
        [`${emulator}/auth/index.ts`]: "export { callerOf } from './caller.ts';\n",
        [`${emulator}/payments/pay-page.ts`]:
          "import { callerOf } from '../auth/index.ts';\nexport const payPage = callerOf;\n",
        [`${emulator}/payments/index.ts`]: "export { payPage } from './pay-page.ts';\n",
        [`${emulator}/create-emulator.ts`]:
          "import { callerOf } from './auth/index.ts';\nimport { payPage } from './payments/index.ts';\nexport const create = [callerOf, payPage];\n",
        [`${emulator}/index.ts`]: "export { create } from './create-emulator.ts';\n",
        'host-harness/src/main.ts':
          "import { create } from './emulator/index.ts';\nexport const main = create;\n",
        ...files,
      });

    it('features importing core and each other through index.ts, and the factory importing them, pass', () => {
      expect(check(features({}))).toMatchObject({ ok: true, output: 'Import boundaries: ok\n' });
    });

    it.each([
      [
        "a feature importing another feature's internals",
        `${emulator}/payments/pay-page.ts`,
        "import { callerOf } from '../auth/caller.ts';\nexport const payPage = callerOf;\n",
        `${emulator}/payments/pay-page.ts: import '../auth/caller.ts': import the emulator feature auth only through its index.ts`,
      ],
      [
        "a type imported from another feature's internals",
        `${emulator}/payments/pay-types.ts`,
        "import type { ApiError } from '../auth/caller.ts';\nexport type T = ApiError;\n",
        `${emulator}/payments/pay-types.ts: import type '../auth/caller.ts': import the emulator feature auth only through its index.ts`,
      ],
      [
        'two features importing each other (a cycle through their index.ts)',
        `${emulator}/auth/login-page.ts`,
        "import { payPage } from '../payments/index.ts';\nexport const login = payPage;\n",
        `${emulator}/: emulator features import each other in a cycle: auth -> payments -> auth`,
      ],
      [
        'core importing a feature',
        `${emulator}/core/http/guard.ts`,
        "import { callerOf } from '../../auth/index.ts';\nexport const guard = callerOf;\n",
        `${emulator}/core/http/guard.ts: import '../../auth/index.ts': the emulator's core may not import the feature auth`,
      ],
      [
        'a feature importing the app factory',
        `${emulator}/payments/wiring.ts`,
        "import { create } from '../create-emulator.ts';\nexport const w = create;\n",
        `${emulator}/payments/wiring.ts: import '../create-emulator.ts': an emulator feature may not import the app factory`,
      ],
      [
        "the rest of the harness importing the emulator's internals",
        'host-harness/src/site/site-server.ts',
        "import { callerOf } from '../emulator/auth/index.ts';\nexport const s = callerOf;\n",
        "host-harness/src/site/site-server.ts: import '../emulator/auth/index.ts': outside the emulator, import only its index.ts",
      ],
    ])('fails on %s', (_label, path, source, message) => {
      const result = check(features({ [path]: source }));
      expect(result.ok).toBe(false);
      expect(result.output).toContain(message);
    });
  });

  describe('the payment provider’s stand-in: an emulator of its own', () => {
    const provider = 'host-harness/payments';
    /** A small stand-in (two folders, its wiring) beside a small platform emulator and the servers' shared code. */
    const stand = (files: Record<string, string>) =>
      tree({
        'host-harness/src/serving/page-shell.ts': 'export const page = 1;\n',
        'host-harness/src/emulator/core/errors.ts': 'export const ApiError = 1;\n',
        'host-harness/src/emulator/index.ts':
          "import { ApiError } from './core/errors.ts';\nexport const create = ApiError;\n",
        'src/app/app.tsx': "import { home } from './page-registry.ts';\nexport const app = home;\n",
        [`${provider}/account/keys.ts`]: "export const key = 'sk';\n",
        [`${provider}/api/routes.ts`]:
          "import { key } from '../account/keys.ts';\nimport { page } from '../../src/serving/page-shell.ts';\nexport const routes = [key, page];\n",
        [`${provider}/create-provider.ts`]:
          "import { routes } from './api/routes.ts';\nexport const create = routes;\n",
        'host-harness/src/main.ts':
          "import { create } from '../payments/create-provider.ts';\nimport { create as platform } from './emulator/index.ts';\nexport const main = [create, platform];\n",
        ...files,
      });

    it('its folders importing each other and the shared serving code, and main.ts starting both, pass', () => {
      expect(check(stand({}))).toMatchObject({ ok: true, output: 'Import boundaries: ok\n' });
    });

    it.each([
      [
        'the stand-in importing the platform emulator',
        `${provider}/api/errors.ts`,
        "import { ApiError } from '../../src/emulator/core/errors.ts';\nexport const e = ApiError;\n",
        `${provider}/api/errors.ts: import '../../src/emulator/core/errors.ts': the payment provider's stand-in and the platform emulator never import each other: they talk over HTTP`,
      ],
      [
        'the platform emulator importing the stand-in',
        'host-harness/src/emulator/payment-provider/link.ts',
        "import type { key } from '../../../payments/account/keys.ts';\nexport type K = typeof key;\n",
        "host-harness/src/emulator/payment-provider/link.ts: import type '../../../payments/account/keys.ts': the payment provider's stand-in and the platform emulator never import each other: they talk over HTTP",
      ],
      [
        'the stand-in importing the backend’s figures',
        `${provider}/seed.ts`,
        "import { PACKAGES } from '../../base44/shared/packages.ts';\nexport const seed = PACKAGES;\n",
        `${provider}/seed.ts: import '../../base44/shared/packages.ts': the payment provider's stand-in imports only its own files and host-harness/src/serving/`,
      ],
      [
        'the stand-in importing the site',
        `${provider}/pay-page/links.ts`,
        "import { paths } from '../../../src/shared/navigation/paths.ts';\nexport const links = paths;\n",
        `${provider}/pay-page/links.ts: import '../../../src/shared/navigation/paths.ts': the payment provider's stand-in imports only its own files`,
      ],
      [
        'a folder of the stand-in importing its wiring',
        `${provider}/api/uses-wiring.ts`,
        "import { create } from '../create-provider.ts';\nexport const c = create;\n",
        `${provider}/api/uses-wiring.ts: import '../create-provider.ts': a folder of host-harness/payments/ may not import the feature's wiring`,
      ],
      [
        'the stand-in’s folders importing each other in a cycle',
        `${provider}/account/back.ts`,
        "import { routes } from '../api/routes.ts';\nexport const back = routes;\n",
        'host-harness/payments/: its folders import each other in a cycle: account -> api -> account',
      ],
    ])('fails on %s', (_label, path, source, message) => {
      const result = check(stand({ [path]: source }));
      expect(result.ok).toBe(false);
      expect(result.output).toContain(message);
    });
  });
});
