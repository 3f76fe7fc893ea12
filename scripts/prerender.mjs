#!/usr/bin/env node
/**
 * Prerendering: writes every page of the site as static HTML into dist/ (index.html, Challenges.html, ...,
 * 404.html), rendered by React's server renderer from the same App the browser hydrates, with per-page title,
 * description, canonical URL, Open Graph / Twitter tags and JSON-LD; plus robots.txt and sitemap.xml.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const dist = resolve(root, 'dist');
const require = createRequire(import.meta.url);
const ssr = require(resolve(root, 'dist-ssr/render-page.cjs'));
const { brand, officeHours, pageMeta, pageNames, paths, pricing, shareImage, siteConfig } = ssr;

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
const amount = (text) => Number(String(text).replace(/[^\d.]/g, ''));

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
      priceCurrency: 'GBP',
      price: amount(pricing.setup.amount),
      priceSpecification: [
        {
          '@type': 'UnitPriceSpecification',
          price: amount(pricing.setup.amount),
          priceCurrency: 'GBP',
          name: pricing.setup.label,
        },
        {
          '@type': 'UnitPriceSpecification',
          price: amount(pricing.monthly.amount),
          priceCurrency: 'GBP',
          name: pricing.monthly.label,
          unitCode: 'MON',
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
    canonical ? `<link rel="canonical" href="${escapeHtml(canonical)}" />` : '',
    meta.noIndex ? '<meta name="robots" content="noindex" />' : '',
    '<meta property="og:type" content="website" />',
    `<meta property="og:site_name" content="${escapeHtml(brand.name)}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    canonical ? `<meta property="og:url" content="${escapeHtml(canonical)}" />` : '',
    `<meta property="og:image" content="${escapeHtml(image)}" />`,
    `<meta property="og:image:width" content="${shareImage.width}" />`,
    `<meta property="og:image:height" content="${shareImage.height}" />`,
    `<meta property="og:image:alt" content="${escapeHtml(shareImage.alt)}" />`,
    '<meta property="og:locale" content="en_GB" />',
    '<meta name="twitter:card" content="summary_large_image" />',
    `<meta name="twitter:title" content="${escapeHtml(meta.title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(meta.description)}" />`,
    `<meta name="twitter:image" content="${escapeHtml(image)}" />`,
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

const bootFiles = (chunkGroups.boot ?? []).filter((file) => file.endsWith('.js'));
if (bootFiles.length !== 1) throw new Error('dist-ssr/site-chunks.json: expected one boot script');

/**
 * The page's one script tag: `boot`, which loads the page's own chunk (a page made of static regions only has none,
 * see src/app/page-registry.ts) and then the main entry's scripts (React, then the site), in that order, after the
 * first paint (src/hydration/boot.ts).
 */
function bootScript(name) {
  const pageFiles = (chunkGroups[`page-${name}`] ?? []).filter((file) => file.endsWith('.js'));
  const mainFiles = (chunkGroups.main ?? []).filter((file) => file.endsWith('.js'));
  const scripts = [...pageFiles, ...mainFiles].map((file) => `/${file}`).join(' ');
  return `<script defer src="/${bootFiles[0]}" data-scripts="${escapeHtml(scripts)}"></script>`;
}

async function page(name, path, meta, canonicalPath) {
  const html = await ssr.renderPage(path);
  // `<!--$!-->` marks a Suspense boundary the server could not render (a region not preloaded, an error): the page
  // would ship without that content.
  if (html.includes('<!--$!-->'))
    throw new Error(`${path}: a Suspense boundary fell back to client rendering`);
  let out = replaceOnce(template, /<title>[^<]*<\/title>/, () => `<title>${escapeHtml(meta.title)}</title>`);
  out = replaceOnce(
    out,
    /<meta name="description" content="[^"]*"\s*\/?>/,
    () => `<meta name="description" content="${escapeHtml(meta.description)}">${head(meta, canonicalPath)}`,
  );
  out = replaceOnce(out, /(?:<script defer(?:="defer")? src="\/assets\/[^"]+\.js"><\/script>)+/, () =>
    bootScript(name),
  );
  return replaceOnce(out, /<div id="root"><\/div>/, () => `<div id="root">${html}</div>`);
}

const started = performance.now();
const written = [];
for (const name of pageNames) {
  const path = paths[name];
  const file = name === 'Index' ? 'index.html' : `${name}.html`;
  writeFileSync(resolve(dist, file), await page(name, path, pageMeta(name), path));
  written.push(file);
}
writeFileSync(resolve(dist, '404.html'), await page('NotFound', '/404', pageMeta(null), null));
written.push('404.html');

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
  `[prerender] ${written.length} pages, sitemap.xml, robots.txt in ${Math.round(performance.now() - started)} ms`,
);
