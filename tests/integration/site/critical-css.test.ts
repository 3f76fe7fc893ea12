/**
 * The first screen's CSS (scripts/critical-css.mjs): only the rules the header and the first sections of a page need,
 * with Tailwind's `:where()` rules decided by the class they select, and without the custom properties nothing reads.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  criticalCss,
  cspHash,
  firstScreen,
  withoutInteractionRules,
  withoutPropertyFallbacks,
  withoutUnusedProperties,
} from '../../../scripts/critical-css.mjs';

const CSS = `@layer theme{:root{--color-a:#111;--color-b:#222;--spacing:.25rem}}
@layer utilities{.text-a{color:var(--color-a)}.text-b{color:var(--color-b)}.p-1{padding:var(--spacing)}
:where(.space-y-4>:not(:last-child)){margin-top:1rem}:where(.space-x-9>:not(:last-child)){margin-left:1rem}
@media (min-width:40rem){.sm\\:text-b{color:var(--color-b)}.sm\\:p-1{padding:var(--spacing)}}}
main section:nth-of-type(n+3){content-visibility:auto;contain-intrinsic-size:auto 900px}
:root[data-layout-all] main section{content-visibility:visible}
.ring{box-shadow:var(--tw-ring)}
@property --tw-ring{syntax:"*";inherits:false;initial-value:0 0 transparent}
@property --tw-unread{syntax:"*";inherits:false}`;

const section = (classes: string, text: string) => `<section class="${classes}"><p>${text}</p></section>`;
const page = (sections: string[]) =>
  `<div class="p-1"><header class="p-1">h</header><main>${sections.join('')}</main><footer class="ring">f</footer></div>`;

let dist: string;
beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'critical-css-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'assets', 'styles.css'), CSS);
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('firstScreen', () => {
  it('keeps the header and the first three sections of main, and drops the rest and the footer', () => {
    const html = page([
      section('text-a', 'one'),
      section('', 'two'),
      section('sm:p-1', 'three'),
      section('text-b', 'four'),
    ]);
    const screen = firstScreen(html);
    expect(screen).toContain('three');
    expect(screen).not.toContain('four');
    expect(screen).not.toContain('<footer');
    expect(screen).toContain('<header class="p-1">');
  });

  it('keeps the footer of a page with no more sections than that (a short page shows it at once)', () => {
    expect(firstScreen(page([section('', 'one')]))).toContain('<footer');
  });

  it('refuses HTML it cannot cut safely', () => {
    expect(() => firstScreen('<div>no main</div>')).toThrow(/no <main>/);
    expect(() => firstScreen('<main><section><section></section></section></main>')).toThrow(/nested/);
  });
});

describe('withoutUnusedProperties', () => {
  it('drops custom properties and @property rules nothing reads, repeatedly, and blocks left empty', () => {
    const css =
      ':root{--a:var(--b);--b:1px;--c:2px}.x{width:var(--c)}@property --d{syntax:"*";inherits:false}@layer theme{:root{--e:1}}';
    const out = withoutUnusedProperties(css);
    expect(out).toContain('--c:2px');
    expect(out).toContain('.x{width:var(--c)}');
    expect(out).not.toContain('@layer x');
    for (const gone of ['--a', '--b', '@property', '--e', '@layer']) expect(out).not.toContain(gone);
  });
});

describe('withoutPropertyFallbacks', () => {
  // As Tailwind v4 writes it, minified by Lightning CSS.
  const gate =
    '(((-webkit-hyphens:none)) and (not (margin-trim:block))) or ((-moz-orient:inline) and (not (color:rgb(from red r g b))))';

  it("drops Tailwind's fallback for browsers without @property, keeping the layer's place in the order", () => {
    const css = `@layer properties{@supports ${gate}{*,:before,:after{--tw-shadow:0 0 #0000}}}@layer theme{:root{--x:1}}`;
    expect(withoutPropertyFallbacks(css)).toBe('@layer properties;@layer theme{:root{--x:1}}');
  });

  it('keeps a properties layer that holds anything else, and other layers with the same @supports', () => {
    const mixed = `@layer properties{@supports ${gate}{*{--tw-a:0}}.keep{color:red}}`;
    expect(withoutPropertyFallbacks(mixed)).toBe(mixed);
    const otherGate = '@layer properties{@supports (display:grid){*{--tw-a:0}}}';
    expect(withoutPropertyFallbacks(otherGate)).toBe(otherGate);
    const otherLayer = `@layer utilities{@supports ${gate}{.a{color:red}}}`;
    expect(withoutPropertyFallbacks(otherLayer)).toBe(otherLayer);
  });
});

describe('withoutInteractionRules', () => {
  it('drops the rules of hover, focus and press states and those that only say how changes animate', () => {
    const css = `.a{color:red}@media (hover:hover){.b:hover{color:blue}}.c:focus-visible{outline:2px solid}
.d:focus,.d:active{color:green}.e:focus-within{color:teal}.f,.g:hover{color:navy}
.t{transition-property:color;transition-timing-function:ease;transition-duration:.2s}.u{--tw-duration:.2s;transition-duration:.2s}
.v{transition-duration:.2s;opacity:.5}.hovered-card{color:gray}.w{transition:all .2s}.g:hover .h{color:olive}
@layer x{@media (hover:hover){.i:hover{color:lime}}}`;
    const out = withoutInteractionRules(css);
    expect(out).toContain('.a{color:red}');
    // A rule with one selector that needs no interaction stays, whole.
    expect(out).toContain('.f,.g:hover{color:navy}');
    // A transition beside a property that paints stays.
    expect(out).toContain('.v{transition-duration:.2s;opacity:.5}');
    // A class whose name merely contains a state's name is not a state.
    expect(out).toContain('.hovered-card{color:gray}');
    expect(out).not.toContain('@layer x');
    for (const gone of [
      '.b:hover',
      '@media (hover:hover)',
      '.c:focus-visible',
      '.d:focus',
      '.e:focus-within',
      '.t{',
      '.u{',
      '.w{',
      '.h{',
      '.i:hover',
    ])
      expect(out).not.toContain(gone);
  });
});

describe('criticalCss', () => {
  it("inlines only what the page's first screen uses", async () => {
    const critical = criticalCss(dist, '/assets/styles.css');
    const css = await critical(
      page([
        section('text-a space-y-4', 'one'),
        section('', 'two'),
        section('', 'three'),
        section('text-b', 'four'),
      ]),
    );
    expect(css).toContain('.text-a{');
    expect(css).toContain('.p-1{');
    expect(css).toContain('--color-a:#111');
    expect(css).toContain(':where(.space-y-4>:not(:last-child))');
    // Laid out only near the viewport, so part of the first layout although no section of the first screen matches.
    expect(css).toContain('main section:nth-of-type(n+3)');
    expect(css).toContain(':root[data-layout-all] main section');
    for (const below of ['.text-b', '--color-b', ':where(.space-x-9', '.ring', '--tw-ring', '--tw-unread'])
      expect(css).not.toContain(below);
  });

  it('keeps a rule the first screen needs only at a wider screen, with its media query', async () => {
    const css = await criticalCss(dist, '/assets/styles.css')(page([section('sm:p-1', 'one')]));
    expect(css).toMatch(/@media \(min-width:\s?40rem\)\{[^}]*\.sm\\:p-1\{/);
    expect(css).not.toContain('sm\\:text-b');
  });
});

describe('cspHash', () => {
  it('is the policy source that allows exactly that inline text (sha256, base64, quoted)', () => {
    expect(cspHash('')).toBe("'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='");
    expect(cspHash('alert(1)')).not.toBe(cspHash('alert(1) '));
  });
});
