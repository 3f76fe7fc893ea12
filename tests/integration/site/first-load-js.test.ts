/** What the size budgets count as a page's first-load JavaScript (scripts/first-load-js.mjs). */
import { describe, expect, it } from 'vitest';
import { firstLoadJs } from '../../../scripts/first-load-js.mjs';

describe('firstLoadJs', () => {
  it('counts the inline boot script, the files it loads after the first paint, and its stylesheet', () => {
    const html = `<head><script type="application/ld+json">{"@type":"Thing"}</script><style>p{}</style>
<script data-styles="/assets/styles.1.css" data-scripts="/assets/page-Pricing.2.js /assets/react.3.js /assets/main.4.js">boot()</script>
<noscript><link rel="stylesheet" href="/assets/styles.1.css"></noscript></head>`;
    expect(firstLoadJs(html)).toEqual({
      files: ['assets/page-Pricing.2.js', 'assets/react.3.js', 'assets/main.4.js'],
      inline: ['boot()'],
      styles: ['assets/styles.1.css', 'assets/styles.1.css'],
    });
  });

  it('counts script files named by the HTML, and a script whose data it loads', () => {
    const html =
      '<script defer src="/assets/boot.1.js" data-scripts="/assets/main.2.js"></script><script type="module">go()</script><link href="/assets/s.css" rel="stylesheet">';
    expect(firstLoadJs(html)).toEqual({
      files: ['assets/boot.1.js', 'assets/main.2.js'],
      inline: ['go()'],
      styles: ['assets/s.css'],
    });
  });
});
