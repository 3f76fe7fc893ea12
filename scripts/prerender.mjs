#!/usr/bin/env node
/**
 * Prerendering: writes every page of the site as static HTML into dist/ (index.html, Challenges.html, ...,
 * 404.html), rendered by React's server renderer from the same App the browser hydrates, with per-page title,
 * description, canonical URL, Open Graph / Twitter tags and JSON-LD; plus robots.txt and sitemap.xml.
 * Each page carries in its `<head>` the CSS of its first screen and the boot script, both inline: its first paint
 * needs no request but the document (scripts/critical-css.mjs, src/entries/boot-script.ts). The Content-Security-Policy
 * hashes that allow exactly those inline elements go to `dist/csp-hashes.json`, per page (docs/hosting.md).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { renameInHtml } from './class-names.mjs';
import { criticalCss, cspHash } from './critical-css.mjs';

const root = resolve(import.meta.dirname, '..');
const dist = resolve(root, 'dist');
const require = createRequire(import.meta.url);
const ssr = require(resolve(root, 'dist-ssr/render-page.cjs'));
const { brand, officeHours, pageMeta, pageNames, paths, pricing, shareImage, siteConfig, soldPackage } = ssr;

// The empty page Rspack wrote; kept aside on the first run so that prerendering can run again on a built dist/.
const built = readFileSync(resolve(dist, 'index.html'), 'utf8');
const saved = resolve(root, 'dist-ssr/template.html');
if (built.includes('<div id="root"></div>')) writeFileSync(saved, built);
const template = readFileSync(saved, 'utf8');

const escapeHtml = (value) =>
  String(value).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );
// JSON inside <script type="application/ld+json">: "<" escaped so no text can close the element.
const jsonForScript = (value) => JSON.stringify(value).replace(/</g, '\\u003c');

function structuredData() {
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfessionalService',
    name: brand.name,
    description: brand.tagline,
    url: `${siteConfig.siteOrigin}/`,
    email: brand.email,
    telephone: brand.phone,
    image: `${siteConfig.siteOrigin}${shareImage.path}`,
    address: { '@type': 'PostalAddress', addressLocality: brand.address, addressCountry: 'GB' },
    areaServed: 'GB',
    openingHours: officeHours.openingHours,
    makesOffer: {
      '@type': 'Offer',
      name: `${pricing.name} package`,
      description: pricing.tagline,
      url: `${siteConfig.siteOrigin}${paths.Pricing}`,
      // Two prices, no total: the setup once, the fee per month (a price on the Offer itself would say the whole
      // package costs the setup fee).
      priceSpecification: [
        {
          '@type': 'UnitPriceSpecification',
          price: soldPackage.setup.amount / 100,
          priceCurrency: soldPackage.currency,
          name: pricing.setup.label,
        },
        {
          '@type': 'UnitPriceSpecification',
          price: soldPackage.monthly.amount / 100,
          priceCurrency: soldPackage.currency,
          name: pricing.monthly.label,
          referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'MON' },
        },
      ],
    },
  };
}

function head(meta, canonicalPath) {
  const canonical = canonicalPath ? `${siteConfig.siteOrigin}${canonicalPath}` : null;
  const image = `${siteConfig.siteOrigin}${shareImage.path}`;
  const tags = [
    canonical ? `<link rel="canonical" href="${escapeHtml(canonical)}">` : '',
    meta.noIndex ? '<meta name="robots" content="noindex">' : '',
    '<meta property="og:type" content="website">',
    `<meta property="og:site_name" content="${escapeHtml(brand.name)}">`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}">`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}">`,
    canonical ? `<meta property="og:url" content="${escapeHtml(canonical)}">` : '',
    `<meta property="og:image" content="${escapeHtml(image)}">`,
    `<meta property="og:image:width" content="${shareImage.width}">`,
    `<meta property="og:image:height" content="${shareImage.height}">`,
    `<meta property="og:image:alt" content="${escapeHtml(shareImage.alt)}">`,
    '<meta property="og:locale" content="en_GB">',
    // X reads the title, description and image from the Open Graph tags above when it finds no twitter: ones.
    '<meta name="twitter:card" content="summary_large_image">',
    canonicalPath === '/'
      ? `<script type="application/ld+json">${jsonForScript(structuredData())}</script>`
      : '',
  ];
  return tags.filter(Boolean).join('');
}

/** Replaces one match of `pattern` in `html`, failing loudly when the template changed shape. */
function replaceOnce(html, pattern, replacement) {
  if (!pattern.test(html)) throw new Error(`dist/index.html: ${pattern} not found`);
  return html.replace(pattern, replacement);
}

const chunkGroups = JSON.parse(readFileSync(resolve(root, 'dist-ssr/site-chunks.json'), 'utf8'));
const files = (group, ext) => (chunkGroups[group] ?? []).filter((file) => file.endsWith(ext));

const bootFiles = files('boot', '.js');
if (bootFiles.length !== 1) throw new Error('dist-ssr/site-chunks.json: expected one boot script');
// Inlined as it was built: its CSP hash is over exactly these characters.
const bootCode = readFileSync(resolve(dist, bootFiles[0]), 'utf8').trim();
if (/<\/script|<!--/i.test(bootCode)) throw new Error(`${bootFiles[0]} cannot be inlined in a <script>`);

// The site's stylesheet and scripts name Tailwind's classes by short names (scripts/class-names.mjs): so do the pages.
const classNames = new Map(
  Object.entries(JSON.parse(readFileSync(resolve(root, 'dist-ssr/class-names.json'), 'utf8')).map),
);

const styleFiles = files('styles', '.css');
if (styleFiles.length !== 1) throw new Error('dist-ssr/site-chunks.json: expected one stylesheet');
const stylesheet = `/${styleFiles[0]}`;
const critical = criticalCss(dist, stylesheet);

/**
 * The page's boot script, inline: it takes the launch token, holds early presses, and after the first paint loads the
 * full stylesheet, then the page's own chunk (a page made of static regions only has none, see
 * src/app/page-registry.ts) and the main entry's scripts (React, then the site), in that order
 * (src/entries/boot-script.ts).
 */
function bootScript(name) {
  const scripts = [...files(`page-${name}`, '.js'), ...files('main', '.js')].map((file) => `/${file}`);
  return `<script data-styles="${escapeHtml(stylesheet)}" data-scripts="${escapeHtml(scripts.join(' '))}">${bootCode}</script>`;
}

/** The CSP sources each page's inline elements need, by file name (written to dist/csp-hashes.json). */
const cspHashes = {};

async function page(file, name, path, meta, canonicalPath) {
  const html = renameInHtml(await ssr.renderPage(path), classNames);
  // `<!--$!-->` marks a Suspense boundary the server could not render (a region not preloaded, an error): the page
  // would ship without that content.
  if (html.includes('<!--$!-->'))
    throw new Error(`${path}: a Suspense boundary fell back to client rendering`);
  const css = await critical(html);
  if (/<\/style/i.test(css)) throw new Error(`${path}: the critical CSS cannot be inlined in a <style>`);
  cspHashes[file] = { 'script-src': [cspHash(bootCode)], 'style-src': [cspHash(css)] };
  let out = replaceOnce(template, /<title>[^<]*<\/title>/, () => `<title>${escapeHtml(meta.title)}</title>`);
  out = replaceOnce(
    out,
    /<meta name="description" content="[^"]*"\s*\/?>/,
    () => `<meta name="description" content="${escapeHtml(meta.description)}">${head(meta, canonicalPath)}`,
  );
  // The first screen's CSS first: the full stylesheet, added after it, then has the last word everywhere.
  out = replaceOnce(out, /<link href="[^"]+\.css" rel="stylesheet">/, () => `<style>${css}</style>`);
  out = replaceOnce(out, /(?:<script defer(?:="defer")? src="\/assets\/[^"]+\.js"><\/script>)+/, () => '');
  out = replaceOnce(
    out,
    /<\/head>/,
    () =>
      `${bootScript(name)}<noscript><link rel="stylesheet" href="${escapeHtml(stylesheet)}"></noscript></head>`,
  );
  return replaceOnce(out, /<div id="root"><\/div>/, () => `<div id="root">${html}</div>`);
}

const started = performance.now();
const written = [];
for (const name of pageNames) {
  const path = paths[name];
  const file = name === 'Index' ? 'index.html' : `${name}.html`;
  writeFileSync(resolve(dist, file), await page(file, name, path, pageMeta(name), path));
  written.push(file);
}
writeFileSync(resolve(dist, '404.html'), await page('404.html', 'NotFound', '/404', pageMeta(null), null));
written.push('404.html');
writeFileSync(resolve(dist, 'csp-hashes.json'), `${JSON.stringify(cspHashes, null, 2)}\n`);

const listed = pageNames.filter((name) => pageMeta(name).listed);
writeFileSync(
  resolve(dist, 'sitemap.xml'),
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${listed
    .map((name) => `  <url><loc>${escapeHtml(`${siteConfig.siteOrigin}${paths[name]}`)}</loc></url>`)
    .join('\n')}\n</urlset>\n`,
);
writeFileSync(
  resolve(dist, 'robots.txt'),
  `User-agent: *\nAllow: /\n\nSitemap: ${siteConfig.siteOrigin}/sitemap.xml\n`,
);
console.log(
  `[prerender] ${written.length} pages, csp-hashes.json, sitemap.xml, robots.txt in ${Math.round(performance.now() - started)} ms`,
);
