/**
 * The CSS of a page's first screen, for the prerender step (scripts/prerender.mjs) to inline in the page's `<head>`:
 * the page's first paint then needs no request but the document itself, and the full stylesheet loads after it
 * (src/entries/boot-script.ts), cached across pages.
 *
 * Beasties (the maintained successor of critters) keeps the rules of the stylesheet whose selectors match the HTML it
 * is given (with their media queries, layers, `@property` and keyframes); what it is given here is the page without
 * what lies below its first screen, so that the inlined CSS is what that screen needs and no more. The first screen
 * is the header and the first three sections of `<main>`: the first two are always laid out, and the third, the first
 * one laid out only when it comes near the viewport (src/styles/standalone.css), can reach into a tall screen below a
 * short second section; and the footer on a page with no more sections than that (a short page shows its footer at
 * once on a desktop screen). Every element keeps all its ancestors, so the layout
 * around the first screen (the page's flex column, region wrappers) is styled as in the full stylesheet. Custom
 * properties (Tailwind's theme: every colour and size the whole site uses) that no kept rule reads are left out too.
 *
 * Beasties cannot match a selector that starts with a functional pseudo-class (it strips `:where(…)` whole, so
 * Tailwind's `:where(.space-y-4>:not(:last-child))` would never be kept): those are decided here, by the first class
 * they name being on the first screen.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import Beasties from 'beasties';
import postcss from 'postcss';

/** The sections of `<main>` that make a page's first screen (the rest waits for the full stylesheet). */
const FIRST_SCREEN_SECTIONS = 3;

/**
 * Rules the first paint needs although no element of the first screen matches them: the sections after the first two
 * are laid out only when they come near the viewport (their placeholder size is part of the first layout), or at
 * once when the boot script marks the page `data-layout-all`.
 */
const ALWAYS_CRITICAL = [/^main section/, /^:root\[data-layout-all\]/];

/** `[start, end)` of every `<tag …>…</tag>` in `html`, which must not nest (React's output of this site: checked). */
function elementRanges(html, tag, from = 0, to = html.length) {
  const ranges = [];
  const open = new RegExp(`<${tag}[\\s>]`, 'g');
  const nested = new RegExp(`<${tag}[\\s>]`);
  open.lastIndex = from;
  for (let match = open.exec(html); match && match.index < to; match = open.exec(html)) {
    const close = html.indexOf(`</${tag}>`, match.index);
    if (close === -1 || close > to) throw new Error(`critical CSS: an unclosed <${tag}>`);
    const end = close + tag.length + 3;
    if (nested.test(html.slice(match.index + 1, end))) throw new Error(`critical CSS: a nested <${tag}>`);
    open.lastIndex = end;
    ranges.push([match.index, end]);
  }
  return ranges;
}

/** `html` without the given ranges (sorted, not overlapping). */
function without(html, ranges) {
  let out = '';
  let at = 0;
  for (const [start, end] of ranges) {
    out += html.slice(at, start);
    at = end;
  }
  return out + html.slice(at);
}

/** The page's HTML (`#root`'s content) cut to its first screen; see the header. */
export function firstScreen(html) {
  const mainStart = html.indexOf('<main');
  const mainEnd = html.indexOf('</main>');
  if (mainStart === -1 || mainEnd === -1) throw new Error('critical CSS: the page has no <main>');
  const below = elementRanges(html, 'section', mainStart, mainEnd).slice(FIRST_SCREEN_SECTIONS);
  if (!below.length) return html;
  return without(html, [...below, ...elementRanges(html, 'footer', mainEnd)]);
}

/**
 * `css` without the custom properties (and their `@property` registrations) that nothing in it reads with `var()`,
 * repeated until none is left (a property may be read only by another that goes), and without the blocks that end up
 * empty. The full stylesheet, loaded after the first paint, declares them all again.
 */
export function withoutUnusedProperties(css) {
  const root = postcss.parse(css);
  for (let removed = true; removed; ) {
    removed = false;
    const read = new Set();
    root.walkDecls((decl) => {
      for (const match of decl.value.matchAll(/var\(\s*(--[\w-]+)/g)) read.add(match[1]);
    });
    const drop = (node) => {
      node.remove();
      removed = true;
    };
    root.walkDecls((decl) => {
      if (decl.prop.startsWith('--') && !read.has(decl.prop)) drop(decl);
    });
    root.walkAtRules('property', (rule) => {
      if (!read.has(rule.params.trim())) drop(rule);
    });
    root.walk((node) => {
      if ((node.type === 'rule' || node.type === 'atrule') && node.nodes?.length === 0) drop(node);
    });
  }
  return root.toString();
}

/**
 * Tailwind's fallback for browsers without `@property`: the `--tw-*` initial values, in `@layer properties`, under an
 * `@supports` that only Safari before 16.4 (no `margin-trim`) and Firefox before 128 (no relative colours) pass. The
 * site is built for Safari 16.4 and Firefox 128 on (BROWSER_TARGETS, config/rspack-typescript-rule.ts), where the
 * `@property` rules give those values, so a first paint never uses it.
 */
const OLD_BROWSER_GATE =
  /-webkit-hyphens:\s*none[\s\S]*margin-trim[\s\S]*-moz-orient:\s*inline[\s\S]*color:\s*rgb\(from/;

/**
 * `css` without Tailwind's fallback for browsers the site is not built for (above): each `@layer properties` block
 * that holds nothing else becomes the statement `@layer properties;`, which keeps the layers in their order (the full
 * stylesheet, loaded after the first paint, has the block).
 */
export function withoutPropertyFallbacks(css) {
  const root = postcss.parse(css);
  root.walkAtRules('layer', (layer) => {
    if (layer.params.trim() !== 'properties' || !layer.nodes?.length) return;
    const fallbackOnly = layer.nodes.every(
      (node) => node.type === 'atrule' && node.name === 'supports' && OLD_BROWSER_GATE.test(node.params),
    );
    if (fallbackOnly) layer.replaceWith(postcss.atRule({ name: 'layer', params: 'properties' }));
  });
  return root.toString();
}

/** A pseudo-class of what the visitor does (points at, focuses, presses): no first paint shows it. */
const INTERACTION = /:(?:hover|focus|focus-visible|focus-within|active)(?![\w-])/;

/** Properties that only say how a change animates: a first paint changes nothing. */
const TRANSITION = /^(?:transition(?:-[a-z-]+)?|--tw-(?:duration|ease))$/;

/**
 * `css` without what no first paint shows: the rules of states the visitor puts an element in (hover, focus, a
 * press), whose every selector has such a pseudo-class, and the rules that set nothing but how changes animate. They
 * come with the full stylesheet, which loads right after the first paint, before anyone can point at anything.
 */
export function withoutInteractionRules(css) {
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    const states = rule.selectors.every((selector) => INTERACTION.test(selector));
    const transitions =
      rule.nodes.length > 0 && rule.nodes.every((node) => node.type === 'decl' && TRANSITION.test(node.prop));
    if (states || transitions) rule.remove();
  });
  for (let removed = true; removed; ) {
    removed = false;
    root.walkAtRules((rule) => {
      if (rule.nodes?.length === 0) {
        rule.remove();
        removed = true;
      }
    });
  }
  return root.toString();
}

/** The selectors of `css` that start with a functional pseudo-class, with the first class each names. */
function pseudoLedSelectors(css) {
  const found = [];
  postcss.parse(css).walkRules((rule) => {
    for (const selector of rule.selectors) {
      if (!/^:[\w-]+\(/.test(selector)) continue;
      const name = selector.match(/\.((?:\\.|[\w-])+)/)?.[1];
      if (name) found.push({ selector, className: name.replace(/\\(.)/g, '$1') });
    }
  });
  return found;
}

const ENTITIES = { '&amp;': '&', '&quot;': '"', '&#x27;': "'", '&#39;': "'", '&lt;': '<', '&gt;': '>' };

/** Every class name on the elements of `html`. */
function classNames(html) {
  const names = new Set();
  for (const [, value] of html.matchAll(/\sclass="([^"]*)"/g)) {
    const decoded = value.replace(/&(?:amp|quot|#x27|#39|lt|gt);/g, (entity) => ENTITIES[entity]);
    for (const name of decoded.split(/\s+/)) if (name) names.add(name);
  }
  return names;
}

/** `'sha256-…'`, the CSP source that allows an inline `<script>` or `<style>` with exactly this text. */
export function cspHash(text) {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * Computes first-screen CSS from the built stylesheet `href` (a path under `distDir`, as the HTML names it).
 * Returns `critical(html)`, which gives the CSS for one page's `#root` HTML.
 */
export function criticalCss(distDir, href) {
  const pseudoLed = pseudoLedSelectors(readFileSync(resolve(distDir, href.replace(/^\//, '')), 'utf8'));
  return async (rootHtml) => {
    const screen = firstScreen(rootHtml);
    const onScreen = classNames(screen);
    const beasties = new Beasties({
      path: distDir,
      publicPath: '/',
      // The stylesheet's <link> is placed by the prerender step, not here: only the CSS is taken from the result.
      preload: false,
      compress: true,
      keyframes: 'critical',
      fonts: false,
      allowRules: [
        ...ALWAYS_CRITICAL,
        ...pseudoLed.filter(({ className }) => onScreen.has(className)).map(({ selector }) => selector),
      ],
      logLevel: 'warn',
    });
    const document = `<!doctype html><html lang="en-GB"><head><link rel="stylesheet" href="${href}"></head><body><div id="root">${screen}</div></body></html>`;
    const processed = await beasties.process(document);
    const styles = [...processed.matchAll(/<style>([\s\S]*?)<\/style>/g)];
    if (styles.length !== 1) throw new Error(`critical CSS: expected one <style>, got ${styles.length}`);
    return withoutPropertyFallbacks(withoutUnusedProperties(withoutInteractionRules(styles[0][1])));
  };
}
