import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { extract } from 'tar-stream';
import { ApiError, BadRequestError } from '../core/errors.ts';
import { siteEntryPath } from './upload-paths.ts';

/**
 * The site's archive as `POST deploy-dist` receives it: the CLI's `dist.tar.gz` (node-tar, gzip, entries `./…`).
 * It is read whole into memory and checked before anything is written: a gzip stream that expands past a bound, an
 * archive that is not tar, an entry outside the site root or that is not a plain file or folder (a symbolic or hard
 * link could point anywhere), a second copy of a file, and an archive without `index.html` at its top are refused,
 * each naming the problem. tar-stream (a pinned dev dependency) parses the tar format, pax and GNU long names included.
 */

export const SITE_ARCHIVE_LIMITS = {
  /** The upload itself (the CLI's archive of this site is about 0.5 MB). */
  archiveBytes: 25 * 1024 * 1024,
  /** Everything the archive expands to: a small gzip stream can expand a thousandfold. */
  expandedBytes: 100 * 1024 * 1024,
  files: 5_000,
};

export type SiteArchiveLimits = Omit<typeof SITE_ARCHIVE_LIMITS, 'archiveBytes'>;

export interface SiteFile {
  /** Inside the site root, `/`-separated (`assets/app.js`). */
  path: string;
  body: Buffer;
}

/** The file a static site is served from, at the archive's top. */
export const SITE_ENTRY = 'index.html';

const gunzipAsync = promisify(gunzip);
const MB = 1024 * 1024;

const invalid = (problem: string) => new BadRequestError(`The site archive ${problem}`, 'invalid_archive');
const tooLarge = (problem: string) => new ApiError(413, `The site archive ${problem}`, 'archive_too_large');

/** What an entry of a type other than a file or a folder is, for the message refusing it. */
function kindOf(type: string | undefined): string {
  switch (type) {
    case 'symlink':
      return 'a symbolic link';
    case 'link':
      return 'a hard link';
    default:
      return `of type ${type ?? 'unknown'}`;
  }
}

/** The uncompressed tar stream, within the bound. */
async function expand(archive: Buffer, limits: SiteArchiveLimits): Promise<Buffer> {
  // gzip's two magic bytes (RFC 1952); a shorter buffer reads undefined there, which is neither.
  if (archive[0] !== 0x1f || archive[1] !== 0x8b)
    throw invalid('is not gzip-compressed (a .tar.gz of the site is expected)');
  try {
    return await gunzipAsync(archive, { maxOutputLength: limits.expandedBytes });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE')
      throw tooLarge(`expands to more than ${limits.expandedBytes / MB} MB`);
    throw invalid(`is not a whole gzip stream (${(error as Error).message})`);
  }
}

/** The files of a tar stream, in order, each checked as it comes; the first problem stops the reading. */
function tarFiles(tar: Buffer, limits: SiteArchiveLimits): Promise<SiteFile[]> {
  return new Promise((resolve, reject) => {
    const files: SiteFile[] = [];
    const seen = new Set<string>();
    const parser = extract();
    // The first problem settles the promise; the parser stops there (a destroyed parser reads nothing more).
    const fail = (error: Error) => {
      parser.destroy();
      reject(error);
    };
    parser.on('entry', (header, stream, next) => {
      let path: string;
      try {
        path = siteEntryPath(header.name);
      } catch (error) {
        return fail(error as Error);
      }
      const shown = JSON.stringify(header.name.slice(0, 200));
      if (header.type === 'directory') {
        stream.on('end', () => next());
        stream.resume();
        return;
      }
      if (header.type !== 'file') {
        const target = header.linkname ? ` (to ${JSON.stringify(header.linkname.slice(0, 200))})` : '';
        return fail(
          invalid(`entry ${shown} is ${kindOf(header.type)}${target}: only files and folders are accepted`),
        );
      }
      if (path === '') return fail(invalid(`entry ${shown} is a file where the site root should be`));
      if (seen.has(path)) return fail(invalid(`holds ${path} twice`));
      if (files.length === limits.files) return fail(tooLarge(`holds more than ${limits.files} files`));
      seen.add(path);
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        files.push({ path, body: Buffer.concat(chunks) });
        next();
      });
    });
    parser.on('finish', () => resolve(files));
    parser.on('error', (error) => fail(invalid(`is not a whole tar archive (${error.message})`)));
    parser.end(tar);
  });
}

/** The site's files, or a 400 (413 past a bound) naming the first problem; nothing is written here. */
export async function readSiteArchive(
  archive: Buffer,
  limits: SiteArchiveLimits = SITE_ARCHIVE_LIMITS,
): Promise<SiteFile[]> {
  const files = await tarFiles(await expand(archive, limits), limits);
  if (!files.some((file) => file.path === SITE_ENTRY))
    throw invalid(`holds no ${SITE_ENTRY} at its top: archive the site's output folder from inside it`);
  return files;
}
