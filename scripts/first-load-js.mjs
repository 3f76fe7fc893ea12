/**
 * What a prerendered page runs before it is live, for the size budgets (scripts/check-budgets.mjs): its inline
 * scripts (the boot script, counted as if it were a file of its own: inlining it saves a request, not bytes), the
 * script files its HTML names, and those its boot script loads after the first paint (`data-scripts`,
 * src/entries/boot-script.ts); and the stylesheets it names or has its boot script load (`data-styles`).
 */

const paths = (list) =>
  (list ?? '')
    .split(' ')
    .filter(Boolean)
    .map((src) => src.replace(/^\//, ''));

/**
 * The first-load JavaScript of `html`: `{ files, inline, styles }`, the script files (paths under dist/, without the
 * leading slash), the text of each inline script, and the stylesheets. Data blocks (`<script type="application/ld+json">`)
 * are not JavaScript and are left out.
 */
export function firstLoadJs(html) {
  const files = [];
  const inline = [];
  const styles = [];
  for (const [, attributes, body] of html.matchAll(/<script((?:\s[^>]*)?)>([\s\S]*?)<\/script>/g)) {
    if (/\stype="(?!text\/javascript"|module")[^"]*"/.test(attributes)) continue;
    const src = attributes.match(/\ssrc="\/([^"]+\.js)"/)?.[1];
    if (src) files.push(src);
    else if (body.trim()) inline.push(body);
    files.push(...paths(attributes.match(/\sdata-scripts="([^"]*)"/)?.[1]));
    styles.push(...paths(attributes.match(/\sdata-styles="([^"]*)"/)?.[1]));
  }
  for (const [, href] of html.matchAll(/<link[^>]* href="\/([^"]+\.css)"/g)) styles.push(href);
  return { files, inline, styles };
}
