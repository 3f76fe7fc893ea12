/**
 * Short class names for the production site: every Tailwind class with more than lowercase letters in its name
 * (`text-slate-900`, `sm:px-6`, `bg-white/70`; not `flex` or `hidden`) is renamed to one to three letters, starting
 * with a capital (`Ab`), in the stylesheet, in the site's JavaScript and in the prerendered pages. Class lists are
 * about a third of every page's HTML and most of the CSS inlined in it: the home page's document then fits in the
 * first round trip of a new connection (14.6 KB, ten TCP segments), which the page's first paint waits for.
 *
 * Applied by the `site` build (rspack.config.ts, production only; not the federated remote, which keeps Tailwind's
 * names in its own stylesheet and chunks) before its assets are content-hashed, and by the prerender step to each
 * page's HTML (scripts/prerender.mjs), from the map the build leaves in `dist-ssr/class-names.json`.
 *
 * What is renamed in JavaScript: the words of a class list, a string literal or template literal part whose every
 * word (words are separated by white space) is one of the stylesheet's class names. A plain lowercase word is never
 * renamed (it may as well be `'hidden'` for `document.visibilityState` as a class), and a string with any other word
 * in it is left alone (a sentence that mentions `p-4`), so renaming something that is not a class would take a
 * string made only of Tailwind class names with a dash, colon or digit that is used as something else. The build
 * writes the single-word strings it renamed and the strings it left alone although they name a class into
 * `dist-ssr/class-names.json`, to look at; a class list left alone (one with a word the stylesheet does not define)
 * would show on the page as a class the stylesheet does not define, which tests/e2e/layout/class-names.spec.ts
 * rules out on every page.
 */
import { parse as parseJs } from 'acorn';
import postcss from 'postcss';
import selectorParser from 'postcss-selector-parser';

/** Whether a class keeps its name: a plain lowercase word, which JavaScript uses for much else. */
const keepsName = (name) => /^[a-z]+$/.test(name);

/** Every class name that a selector of `css` names. */
export function stylesheetClassNames(css) {
  const names = new Set();
  postcss.parse(css).walkRules((rule) => {
    selectorParser((selectors) => {
      selectors.walkClasses((node) => {
        names.add(node.value);
      });
    }).processSync(rule.selector);
  });
  return names;
}

const FIRST = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const NEXT = `${FIRST}abcdefghijklmnopqrstuvwxyz0123456789`;

/** The `index`th short name: A…Z, then Aa…Z9, then Aaa…: a capital first, which no Tailwind class starts with. */
export function shortName(index) {
  let name = FIRST[index % FIRST.length];
  let rest = Math.floor(index / FIRST.length);
  while (rest > 0) {
    rest -= 1;
    name += NEXT[rest % NEXT.length];
    rest = Math.floor(rest / NEXT.length);
  }
  return name;
}

/** The index of a short name (`shortName`'s inverse), or -1 for a string that is not one. */
export function shortNameIndex(name) {
  if (typeof name !== 'string' || !/^[A-Z][A-Za-z0-9]*$/.test(name)) return -1;
  let rest = 0;
  for (let at = name.length - 1; at > 0; at--) rest = rest * NEXT.length + NEXT.indexOf(name[at]) + 1;
  return rest * FIRST.length + FIRST.indexOf(name[0]);
}

/**
 * The renaming of the classes of `css` (a Map from Tailwind's name to the short one), for the classes that do not keep
 * their name. A class that `kept` names (the committed map of the last build, config/class-names.json) keeps its short
 * name, so that a change that adds classes (a new page) renames nothing that was there before and leaves the other
 * pages' HTML and first-screen CSS as they were. The classes `kept` does not name take the shortest names no class
 * holds, the ones the scripts `code` name most often first, then by name: the same build always gives the same names.
 */
export function classNameMap(css, code = [], kept = new Map()) {
  const names = [...stylesheetClassNames(css)].filter((name) => !keepsName(name));
  const map = new Map();
  const taken = new Set();
  for (const name of names) {
    const short = kept.get(name);
    if (short === undefined) continue;
    if (shortNameIndex(short) === -1 || taken.has(short))
      throw new Error(
        `class names: "${name}" → "${short}" is not a short name, or one that another class holds`,
      );
    map.set(name, short);
    taken.add(short);
  }
  const fresh = names.filter((name) => !map.has(name));
  const uses = new Map(fresh.map((name) => [name, 0]));
  if (fresh.length)
    for (const text of code)
      forEachString(parseModule(text), (start, end) => {
        for (const word of text.slice(start, end).split(/\s+/))
          if (uses.has(word)) uses.set(word, uses.get(word) + 1);
      });
  fresh.sort((a, b) => uses.get(b) - uses.get(a) || (a < b ? -1 : a > b ? 1 : 0));
  let index = 0;
  for (const name of fresh) {
    while (taken.has(shortName(index))) index += 1;
    map.set(name, shortName(index));
    taken.add(shortName(index));
  }
  return map;
}

/** `map` as the committed file holds it: JSON, one class per line, in the order of the short names. */
export function classNameFile(map) {
  const entries = [...map].sort((a, b) => shortNameIndex(a[1]) - shortNameIndex(b[1]));
  return `${JSON.stringify(Object.fromEntries(entries), null, 2)}\n`;
}

/** The map a committed file (`classNameFile`'s text) holds; an empty map for no file. */
export function readClassNameFile(text) {
  if (text === null || text === undefined) return new Map();
  const value = JSON.parse(text);
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw new Error('class names: the committed map is not a JSON object');
  return new Map(Object.entries(value));
}

/** `css` with its class selectors renamed by `map`. */
export function renameInCss(css, map) {
  const root = postcss.parse(css);
  const rename = selectorParser((selectors) => {
    selectors.walkClasses((node) => {
      const short = map.get(node.value);
      if (short) node.value = short;
    });
  });
  root.walkRules((rule) => {
    rule.selector = rename.processSync(rule.selector);
  });
  return root.toString();
}

/** `text` with each white-space-separated word found in `map` replaced. */
function renameWords(text, map) {
  return text.replace(/[^\s]+/g, (word) => map.get(word) ?? word);
}

/** Calls `visit` on every node of an ESTree tree. */
function walk(node, visit) {
  if (!node || typeof node.type !== 'string') return;
  visit(node);
  for (const key of Object.keys(node)) {
    const value = node[key];
    if (Array.isArray(value)) for (const item of value) walk(item, visit);
    else if (value && typeof value === 'object' && typeof value.type === 'string') walk(value, visit);
  }
}

/** The parsed scripts of this build: `classNameMap` and `renameInJs` read each script once. */
const parsed = new Map();

function parseModule(code) {
  if (!parsed.has(code)) {
    try {
      parsed.set(code, parseJs(code, { ecmaVersion: 'latest', sourceType: 'module' }));
    } catch {
      parsed.set(code, parseJs(code, { ecmaVersion: 'latest', sourceType: 'script' }));
    }
  }
  return parsed.get(code);
}

/**
 * Calls `visit(start, end)` with the range of the text of every string literal (between its quotes) and template
 * literal part of `ast`; a literal with an escape in it is left out (no class name has one).
 */
function forEachString(ast, visit) {
  walk(ast, (node) => {
    if (node.type === 'Literal' && typeof node.value === 'string') {
      if (!node.raw.includes('\\')) visit(node.start + 1, node.end - 1);
    } else if (node.type === 'TemplateElement') {
      if (!node.value.raw.includes('\\')) visit(node.start, node.end);
    }
  });
}

/**
 * `code` (a JavaScript module or script) with the class names of its class lists renamed by `map`: a string literal,
 * or a template literal part, all of whose words are class names of the stylesheet (`classes`, renamed or not); a
 * string with any other word in it (a sentence that happens to contain `p-4`) is left alone. Returns the new code, the
 * single-word strings it renamed (`renamedStrings`), and the strings it left alone although they name a renamed class
 * (`mixedStrings`: for the build to list).
 */
export function renameInJs(code, map, classes = new Set(map.keys())) {
  const edits = [];
  const renamedStrings = new Set();
  const mixedStrings = new Set();
  forEachString(parseModule(code), (start, end) => {
    const before = code.slice(start, end);
    const words = before.split(/\s+/).filter(Boolean);
    if (!words.some((word) => map.has(word))) return;
    if (!words.every((word) => classes.has(word) || map.has(word))) {
      mixedStrings.add(before);
      return;
    }
    if (words.length === 1) renamedStrings.add(words[0]);
    edits.push([start, end, renameWords(before, map)]);
  });
  edits.sort((a, b) => a[0] - b[0]);
  let out = '';
  let at = 0;
  for (const [start, end, text] of edits) {
    out += code.slice(at, start) + text;
    at = end;
  }
  return {
    code: out + code.slice(at),
    renamedStrings: [...renamedStrings].sort(),
    mixedStrings: [...mixedStrings].sort(),
  };
}

const ENTITIES = { '&amp;': '&', '&quot;': '"', '&#x27;': "'", '&#39;': "'", '&lt;': '<', '&gt;': '>' };
const escapeHtml = (text) =>
  text.replace(/[&"<>]/g, (c) => ({ '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' })[c]);

/** `html` with the words of its `class` attributes renamed by `map`. */
export function renameInHtml(html, map) {
  return html.replace(/(\sclass=")([^"]*)"/g, (_, start, value) => {
    const decoded = value.replace(/&(?:amp|quot|#x27|#39|lt|gt);/g, (entity) => ENTITIES[entity]);
    const renamed = renameWords(decoded, map);
    return renamed === decoded ? `${start}${value}"` : `${start}${escapeHtml(renamed)}"`;
  });
}
