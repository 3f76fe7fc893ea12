/**
 * Adding a page leaves every other page's document as it was: a copy of the project is built, a page
 * with classes no page used is added as the README's "Common changes" says (its component, the page tables, its
 * search texts; no link to it, so that no other page's content changes), and the copy is built again. Every other
 * document is then the same, byte for byte, but for the content hashes in its asset names (the main script holds the
 * route table, the stylesheet the new classes): the class names (config/class-names.json keeps them), the first
 * screen's CSS inlined in each page, its CSP hash. The second build also runs the size budgets with their headroom.
 */
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pageNames } from '../../../src/shared/navigation/paths.ts';

const root = resolve(import.meta.dirname, '../../..');
const copy = mkdtempSync(join(tmpdir(), 'add-a-page-'));
afterAll(() => rmSync(copy, { recursive: true, force: true }));

/** The project's files as git sees them (tracked, and new ones not ignored), copied; node_modules linked. */
function copyProject() {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (listed.status !== 0) throw new Error(`git ls-files: ${listed.stderr}`);
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    const to = join(copy, file);
    mkdirSync(dirname(to), { recursive: true });
    try {
      copyFileSync(join(root, file), to);
    } catch (error) {
      // A file deleted in the work tree but not yet in git's index.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'), 'dir');
}

function build() {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => name !== 'VITE_BASE44_APP_ID' && name !== 'NODE_ENV'),
  );
  const result = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: copy, env, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`build failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/** Every prerendered document of the copy's build, by file name. */
function documents() {
  const dist = join(copy, 'dist');
  return Object.fromEntries(
    readdirSync(dist)
      .filter((name) => name.endsWith('.html'))
      .map((name) => [name, readFileSync(join(dist, name), 'utf8')]),
  );
}

/** `html` with the content hashes of its asset names (`main.1a2b3c4d.js`) taken out. */
const withoutHashes = (html: string) => html.replace(/(\/assets\/[\w-]+)\.[0-9a-f]{8}\.(js|css)/g, '$1.#.$2');

function edit(file: string, find: string, replace: string) {
  const path = join(copy, file);
  const text = readFileSync(path, 'utf8');
  if (!text.includes(find)) throw new Error(`${file} changed shape: "${find}" not found (update this test)`);
  writeFileSync(path, text.replace(find, replace));
}

/**
 * The page this test adds: a name no recipe will give a real page (the README's own example adds an About page), so
 * that the test still adds a new page once the site has that one.
 */
const PAGE = 'AddedPageProbe';
const FILE = 'added-page-probe-page';

/** The page, added as README "Common changes" → "Add a page" says, with classes no other page has. */
function addPage() {
  writeFileSync(
    join(copy, `src/pages/${FILE}.tsx`),
    `/** A page added by tests/integration/site/add-a-page.test.ts. */
export function ${PAGE}Page() {
  return (
    <section aria-labelledby="probe-title" className="mx-auto max-w-3xl bg-fuchsia-950 px-4 pt-32 pb-24 tracking-[0.31em]">
      <h1 id="probe-title" className="text-[2.15rem] text-fuchsia-100 underline decoration-wavy">
        A page added by a test
      </h1>
    </section>
  );
}
`,
  );
  edit(
    'src/shared/navigation/paths.ts',
    "  'Pricing',\n  'PaymentSuccess',\n] as const;",
    `  'Pricing',\n  '${PAGE}',\n  'PaymentSuccess',\n] as const;`,
  );
  edit(
    'src/shared/navigation/paths.ts',
    "  Pricing: '/Pricing',\n",
    `  Pricing: '/Pricing',\n  ${PAGE}: '/${PAGE}',\n`,
  );
  edit(
    'src/app/page-registry.ts',
    '  PaymentSuccess: () =>',
    `  ${PAGE}: () =>
    import(/* webpackChunkName: "page-${PAGE}" */ '../pages/${FILE}.tsx').then((m) => m.${PAGE}Page),
  PaymentSuccess: () =>`,
  );
  edit(
    'src/content/seo.ts',
    'export const pageSeo = {\n',
    `export const pageSeo = {\n  ${PAGE}: { title: 'A page added by a test', description: 'It proves the others stay as they were.' },\n`,
  );
}

describe('adding a page', () => {
  it('leaves every other page’s document byte-identical but for its assets’ content hashes', () => {
    copyProject();
    build();
    const before = documents();
    const namesBefore = JSON.parse(readFileSync(join(copy, 'config/class-names.json'), 'utf8'));

    expect(
      pageNames,
      `${PAGE} is a page of the site: give the page this test adds another name`,
    ).not.toContain(PAGE);
    addPage();
    const output = build();
    const after = documents();
    const namesAfter = JSON.parse(readFileSync(join(copy, 'config/class-names.json'), 'utf8'));

    // The page is there, with its new classes, under short names no class held before.
    expect(Object.keys(after).sort()).toEqual([...Object.keys(before), `${PAGE}.html`].sort());
    expect(after[`${PAGE}.html`]).toContain('A page added by a test');
    const added = Object.keys(namesAfter).filter((name) => !(name in namesBefore));
    expect(added).toEqual(
      expect.arrayContaining(['bg-fuchsia-950', 'tracking-[0.31em]', 'text-fuchsia-100']),
    );
    for (const name of added) expect(Object.values(namesBefore)).not.toContain(namesAfter[name]);
    for (const [name, short] of Object.entries(namesBefore)) expect(namesAfter[name], name).toBe(short);

    // Every other page: the same document.
    for (const [file, html] of Object.entries(before)) {
      expect(withoutHashes(after[file]!), file).toBe(withoutHashes(html));
    }
    // The new page was budgeted by the build without a change to any script.
    expect(output).toMatch(new RegExp(`document /${PAGE} \\(headers \\+ brotli\\) +\\d+ B +14000 B +ok`));
  }, 300_000);
});
