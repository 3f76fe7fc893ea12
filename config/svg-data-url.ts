/**
 * An SVG's text as a `data:` URL, for a picture a page shows without a request of its own (the favicon, which
 * rspack.config.ts writes into every page's `<head>`): white space collapsed and only the characters a URL or the HTML
 * attribute around it cannot hold percent-encoded (not base64), so that it stays short and compresses with the page.
 */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml,${svg
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/[%#"<>&]/g, encodeURIComponent)}`;
}
