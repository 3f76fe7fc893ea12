/**
 * Short class names for the production site (scripts/class-names.mjs): the stylesheet, the scripts and the pages'
 * HTML rename the same Tailwind classes the same way, and nothing that is not a class name changes.
 */
import { describe, expect, it } from 'vitest';
import {
  classNameFile,
  classNameMap,
  readClassNameFile,
  renameInCss,
  renameInHtml,
  renameInJs,
  shortName,
  shortNameIndex,
  stylesheetClassNames,
} from '../../../scripts/class-names.mjs';

const CSS = `.flex{display:flex}.hidden{display:none}.text-slate-900{color:#0f172b}.p-4{padding:1rem}
@media (width>=40rem){.sm\\:px-6{padding-inline:1.5rem}}.bg-white\\/70{background-color:#ffffffb3}
@media (hover:hover){.hover\\:bg-brand-700:hover{background-color:#4338ca}}
:where(.space-y-4>:not(:last-child)){margin-block-start:1rem}.group:hover .group-hover\\:underline{text-decoration:underline}`;

describe('shortName', () => {
  it('gives distinct names that start with a capital, one letter first', () => {
    const names = Array.from({ length: 5000 }, (_, index) => shortName(index));
    expect(new Set(names).size).toBe(names.length);
    expect(names.slice(0, 3)).toEqual(['A', 'B', 'C']);
    expect(names.slice(0, 26).every((name) => name.length === 1)).toBe(true);
    expect(names.every((name) => /^[A-Z][A-Za-z0-9]*$/.test(name))).toBe(true);
    expect(Math.max(...names.map((name) => name.length))).toBe(3);
  });
});

describe('classNameMap', () => {
  it('renames every class but plain lowercase words, the ones the scripts use most first', () => {
    expect([...stylesheetClassNames(CSS)].sort()).toEqual(
      [
        'bg-white/70',
        'flex',
        'group',
        'group-hover:underline',
        'hidden',
        'hover:bg-brand-700',
        'p-4',
        'sm:px-6',
        'space-y-4',
        'text-slate-900',
      ].sort(),
    );
    // biome-ignore lint/suspicious/noTemplateCurlyInString: JavaScript source text, with a template literal in it.
    const map = classNameMap(CSS, ['x("p-4 sm:px-6")', 'y(`p-4 ${z}`)']);
    expect(map.has('flex')).toBe(false);
    expect(map.has('hidden')).toBe(false);
    expect(map.has('group')).toBe(false);
    expect(map.get('p-4')).toBe('A');
    expect(map.get('sm:px-6')).toBe('B');
    expect(map.size).toBe(7);
  });

  it("is the same for the same stylesheet and scripts, whatever the order of the stylesheet's rules", () => {
    expect([...classNameMap(CSS, ['"p-4"'])]).toEqual([...classNameMap(CSS, ['"p-4"'])]);
    const reordered = CSS.split('\n').reverse().join('\n');
    expect(Object.fromEntries(classNameMap(reordered))).toEqual(Object.fromEntries(classNameMap(CSS)));
    // Classes the scripts name equally often take their names in the order of their own names.
    expect(classNameMap(CSS).get('bg-white/70')).toBe('A');
    expect(classNameMap(CSS).get('text-slate-900')).toBe('G');
  });
});

describe('classNameMap with the committed names (config/class-names.json)', () => {
  const kept = new Map([
    ['text-slate-900', 'A'],
    ['p-4', 'C'],
    ['gone-class', 'B'],
  ]);

  it('keeps every name a class still in the stylesheet had, and gives new classes the shortest free names', () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: JavaScript source text, with a template literal in it.
    const map = classNameMap(CSS, ['x("sm:px-6 sm:px-6")', 'y(`bg-white/70 ${z}`)'], kept);
    expect(map.get('text-slate-900')).toBe('A');
    expect(map.get('p-4')).toBe('C');
    // A class the stylesheet no longer has is dropped, and its name is free again.
    expect(map.has('gone-class')).toBe(false);
    expect(map.get('sm:px-6')).toBe('B');
    expect(map.get('bg-white/70')).toBe('D');
    expect(new Set(map.values()).size).toBe(map.size);
    expect(map.size).toBe(7);
  });

  it('renames no existing class when classes are added', () => {
    const before = classNameMap(CSS);
    const after = classNameMap(
      `${CSS}.tracking-wide{letter-spacing:.025em}.bg-fuchsia-950{color:red}`,
      ['"tracking-wide bg-fuchsia-950 tracking-wide"'],
      before,
    );
    for (const [name, short] of before) expect(after.get(name)).toBe(short);
    expect(after.get('tracking-wide')).toBe(shortName(before.size));
    expect(after.get('bg-fuchsia-950')).toBe(shortName(before.size + 1));
  });

  it('refuses a committed map that gives two classes one name, or a class a name that is not a short one', () => {
    expect(() =>
      classNameMap(
        CSS,
        [],
        new Map([
          ['p-4', 'A'],
          ['text-slate-900', 'A'],
        ]),
      ),
    ).toThrow(/another class/);
    expect(() => classNameMap(CSS, [], new Map([['p-4', 'p4']]))).toThrow(/not a short name/);
  });

  it('round-trips through the committed file, one class per line in the order of the short names', () => {
    const map = classNameMap(CSS, [], kept);
    const file = classNameFile(map);
    expect(Object.values(JSON.parse(file))).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G']);
    expect(file.endsWith('}\n')).toBe(true);
    expect([...readClassNameFile(file)].sort()).toEqual([...map].sort());
    expect(readClassNameFile(null).size).toBe(0);
    expect(() => readClassNameFile('["A"]')).toThrow(/not a JSON object/);
  });

  it('numbers short names as shortName does', () => {
    for (const index of [0, 25, 26, 27, 1611, 1612, 100_000])
      expect(shortNameIndex(shortName(index))).toBe(index);
    expect(shortNameIndex('text-sm')).toBe(-1);
    expect(shortNameIndex('')).toBe(-1);
  });
});

describe('renaming', () => {
  const map = classNameMap(CSS);

  it('renames the selectors of the stylesheet, inside :where() and with escapes, and keeps the rest', () => {
    const css = renameInCss(CSS, map);
    expect(css).toContain(`.${map.get('text-slate-900')}{color:#0f172b}`);
    expect(css).toContain(`.${map.get('sm:px-6')}{padding-inline:1.5rem}`);
    expect(css).toContain(`.${map.get('hover:bg-brand-700')}:hover{`);
    expect(css).toContain(`:where(.${map.get('space-y-4')}>:not(:last-child))`);
    expect(css).toContain(`.group:hover .${map.get('group-hover:underline')}{`);
    expect(css).toContain('.flex{display:flex}');
    expect(css).not.toMatch(/text-slate-900|sm\\:px-6|bg-white\\\/70/);
  });

  it('renames the class lists of string and template literals only, and lists what it renamed and left alone', () => {
    const code = [
      // biome-ignore lint/suspicious/noTemplateCurlyInString: JavaScript source text, with a template literal in it.
      'const a="flex p-4 text-slate-900",b=`sm:px-6 ${c?"bg-white/70":"hidden"} `;',
      'if(document.visibilityState==="hidden")go();',
      'const label="p-4x",note="see p-4 here",key={"p-4":1},re=/p-4/;',
      'const escaped="p-4\\u0020";',
    ].join('\n');
    const sentences = renameInJs('x("zoo p-4 words","see p-4 here")', map, stylesheetClassNames(CSS));
    expect(sentences.mixedStrings).toEqual(['see p-4 here', 'zoo p-4 words']);
    const { code: out, renamedStrings, mixedStrings } = renameInJs(code, map, stylesheetClassNames(CSS));
    const [p4, slate, px6, white] = ['p-4', 'text-slate-900', 'sm:px-6', 'bg-white/70'].map((name) =>
      map.get(name),
    );
    expect(out).toBe(
      [
        `const a="flex ${p4} ${slate}",b=\`${px6} \${c?"${white}":"hidden"} \`;`,
        'if(document.visibilityState==="hidden")go();',
        `const label="p-4x",note="see p-4 here",key={"${p4}":1},re=/p-4/;`,
        'const escaped="p-4\\u0020";',
      ].join('\n'),
    );
    expect(out).toContain(`"flex ${map.get('p-4')} ${map.get('text-slate-900')}"`);
    expect(out).toContain(`\`${map.get('sm:px-6')} \${c?"${map.get('bg-white/70')}":"hidden"} \``);
    expect(out).toContain('visibilityState==="hidden"');
    expect(out).toContain(`{"${map.get('p-4')}":1}`);
    // A word that is not exactly a class, a sentence, a regular expression and a literal with an escape: left alone.
    expect(out).toContain('label="p-4x"');
    expect(out).toContain('note="see p-4 here"');
    expect(out).toContain('re=/p-4/');
    expect(out).toContain('"p-4\\u0020"');
    expect(renamedStrings).toEqual(['bg-white/70', 'p-4', 'sm:px-6']);
    expect(mixedStrings).toEqual(['see p-4 here']);
  });

  it('reads the entities of a class attribute and writes them back as React does', () => {
    const html = '<p class="p-4 a&lt;b a&gt;c a&quot;d a&#x27;e a&#39;f g&amp;h">t</p>';
    expect(renameInHtml(html, map)).toBe(
      `<p class="${map.get('p-4')} a&lt;b a&gt;c a&quot;d a'e a'f g&amp;h">t</p>`,
    );
    // An attribute with nothing to rename is left as it was, entities and all.
    const untouched = '<p class="plain a&#x27;e a&#39;f">t</p>';
    expect(renameInHtml(untouched, map)).toBe(untouched);
  });

  it('renames the class attributes of HTML, with entities, keeping white space and other attributes', () => {
    const html =
      '<div class="flex p-4 " data-note="p-4"><a class="hover:bg-brand-700 &amp;x">p-4</a><p class="plain">t</p></div>';
    expect(renameInHtml(html, map)).toBe(
      `<div class="flex ${map.get('p-4')} " data-note="p-4"><a class="${map.get('hover:bg-brand-700')} &amp;x">p-4</a><p class="plain">t</p></div>`,
    );
  });
});
