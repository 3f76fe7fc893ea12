/**
 * Pixel comparison of two sets of screenshots (PNG files of the same names), decoded by the browser that took them:
 * `npm run screenshots -- --baseline <dir>` compares `screenshots/` with a baseline taken from another build (e.g. the
 * commit before a change that must not change how the site looks).
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';

/**
 * Counts the pixels that differ between each file of `files` and the file of the same name in `baselineDir`, in a
 * page of `browser`. Resolves with one `{ name, changed, note }` per file; `changed` is null when the two cannot be
 * compared (a missing baseline, other dimensions).
 */
export async function compareScreenshots(browser, files, baselineDir) {
  const page = await browser.newPage();
  const results = [];
  try {
    for (const file of files) {
      const name = basename(file);
      const baseline = resolve(baselineDir, name);
      if (!existsSync(baseline)) {
        results.push({ name, changed: null, note: 'no baseline' });
        continue;
      }
      const [a, b] = [readFileSync(file), readFileSync(baseline)];
      if (a.equals(b)) {
        results.push({ name, changed: 0, note: 'identical files' });
        continue;
      }
      results.push({
        name,
        ...(await page.evaluate(
          async ([one, two]) => {
            const decode = async (base64) => {
              const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
              const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
              const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
              const context = canvas.getContext('2d');
              context.drawImage(bitmap, 0, 0);
              return context.getImageData(0, 0, bitmap.width, bitmap.height);
            };
            const [x, y] = [await decode(one), await decode(two)];
            if (x.width !== y.width || x.height !== y.height)
              return { changed: null, note: `${x.width}x${x.height} against ${y.width}x${y.height}` };
            let changed = 0;
            for (let i = 0; i < x.data.length; i += 4) {
              if (
                x.data[i] !== y.data[i] ||
                x.data[i + 1] !== y.data[i + 1] ||
                x.data[i + 2] !== y.data[i + 2] ||
                x.data[i + 3] !== y.data[i + 3]
              )
                changed++;
            }
            return { changed, note: `${x.width}x${x.height}` };
          },
          [a.toString('base64'), b.toString('base64')],
        )),
      });
    }
  } finally {
    await page.close();
  }
  return results;
}
