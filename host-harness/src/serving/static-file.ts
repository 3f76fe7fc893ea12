import { statSync } from 'node:fs';
import { join, normalize, sep } from 'node:path';

/**
 * The file under `root` that a URL path names, or null when it is missing, not a file, undecodable, or outside `root`
 * (`..`, encoded traversal, NUL bytes).
 */
export function resolveStaticFile(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const file = normalize(join(root, decoded));
  if (!file.startsWith(root + sep)) return null;
  try {
    return statSync(file).isFile() ? file : null;
  } catch {
    return null;
  }
}
