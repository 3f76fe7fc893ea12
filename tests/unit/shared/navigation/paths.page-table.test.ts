import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtPages, defaultRoutes, MISSING_PATH } from '../../../../scripts/bench-support.mjs';
import { pageNameForPath, pageNames, paths } from '../../../../src/shared/navigation/paths.ts';
import { pagePaths, routePaths, type TestedPage } from '../../../support/page-paths.ts';

const root = resolve(import.meta.dirname, '../../../..');

describe("the tests' page table (tests/support/page-paths.ts) against the site's (src/shared/navigation/paths.ts)", () => {
  const tested = (Object.keys(pagePaths) as TestedPage[]).filter((name) => name !== 'NotFound');

  it('names the same pages, in the same order', () => {
    expect(tested).toEqual([...pageNames]);
  });

  it("opens each page at the site's path for it, and the 404 screen at a path no page has", () => {
    for (const name of tested) expect(pagePaths[name].split('?')[0], name).toBe(paths[name]);
    expect(pageNameForPath(pagePaths.NotFound)).toBeNull();
    expect(pagePaths.NotFound).toBe(MISSING_PATH);
  });
});

describe('no script keeps a page list of its own', () => {
  // Every script reads the pages from the build (builtPages) or from the site's table: a page path written in one
  // is a list that a new page would be left out of.
  const scripts = readdirSync(resolve(root, 'scripts'))
    .filter((name) => /\.(mjs|ts)$/.test(name))
    .map((name) => ({ name, text: readFileSync(resolve(root, 'scripts', name), 'utf8') }));
  const pagePathLiterals = routePaths
    .filter((path) => path !== '/' && path !== MISSING_PATH)
    .map((path) => new RegExp(`['"\`]${path}['"\`,?]`));

  it.each(scripts.map((script) => [script.name, script] as const))('%s', (_name, script) => {
    for (const literal of pagePathLiterals) expect(script.text, `${literal}`).not.toMatch(literal);
  });
});

describe('builtPages: the pages of a build, from its prerendered documents', () => {
  const dist = mkdtempSync(join(tmpdir(), 'built-pages-'));
  const write = (names: string[]) => {
    for (const name of readdirSync(dist)) rmSync(join(dist, name));
    for (const name of names) writeFileSync(join(dist, name), '<!doctype html>');
  };

  it('lists every page of the build, the home page first and the 404 page last at a path no page has', () => {
    write(['Pricing.html', '404.html', 'About.html', 'index.html', 'robots.txt', 'sitemap.xml']);
    expect(builtPages(dist)).toEqual([
      { name: 'Index', file: 'index.html', path: '/' },
      { name: 'About', file: 'About.html', path: '/About' },
      { name: 'Pricing', file: 'Pricing.html', path: '/Pricing' },
      { name: 'NotFound', file: '404.html', path: MISSING_PATH },
    ]);
    expect(defaultRoutes(dist)).toBe('/,/About,/Pricing');
  });

  it('refuses a directory that holds no build, naming the command that makes one', () => {
    write(['Pricing.html']);
    expect(() => builtPages(dist)).toThrow(/no prerendered pages.*npm run build/);
  });
});
