import { BadRequestError } from '../core/errors.ts';

/**
 * Where an uploaded file may land. Two kinds of upload name files: the site's archive (`./index.html`, as the
 * platform's CLI archives its output folder with `tar -C dist .`) and a function's files (`index.ts`, and
 * `../../shared/http.ts` for what `base44/shared/` holds, paths relative to the function's folder). Each name is read
 * as plain `/`-separated segments and refused whole rather than cleaned: nothing is written where a name points
 * outside its root, however it is spelled.
 */

/** Longer names are refused (no path of a built site or a function comes near). */
export const MAX_PATH_LENGTH = 1_024;
/** A function's files may climb this many folders above its own (`../../shared/` climbs two). */
export const MAX_CLIMB = 8;

/** `C:` (a Windows drive), which `path.resolve` would take for an absolute path on that platform. */
const DRIVE = /^[A-Za-z]:/;
/** Control characters, NUL among them: never part of a file name a build or an editor writes. */
const CONTROL = /\p{Cc}/u;

function refuse(what: string, name: string, problem: string): BadRequestError {
  return new BadRequestError(`${what} ${JSON.stringify(name.slice(0, 200))} ${problem}`, 'unsafe_path');
}

/** The segments of `name`, each a plain name: checked for what every kind of upload refuses. */
function plainSegments(what: string, name: string): string[] {
  if (name.length === 0) throw refuse(what, name, 'is empty');
  if (name.length > MAX_PATH_LENGTH) throw refuse(what, name, `is longer than ${MAX_PATH_LENGTH} characters`);
  if (CONTROL.test(name)) throw refuse(what, name, 'holds a control character');
  if (name.includes('\\')) throw refuse(what, name, 'holds a backslash (paths use /)');
  if (name.startsWith('/') || DRIVE.test(name)) throw refuse(what, name, 'is an absolute path');
  const segments = name.split('/');
  if (segments.includes('')) throw refuse(what, name, 'holds an empty segment (//)');
  if (segments.includes('.')) throw refuse(what, name, 'holds a "." segment');
  return segments;
}

/**
 * The path of an archive entry inside the site's root (`assets/app.js`), or '' for the root folder itself. The CLI
 * names entries `./…` and folders with a trailing `/`; a `..` segment anywhere, an absolute name, a backslash or a
 * control character is refused with the entry's name.
 */
export function siteEntryPath(name: string): string {
  let rest = name.startsWith('./') ? name.slice(2) : name;
  if (rest === '' || rest === '.') return '';
  if (rest.endsWith('/')) rest = rest.slice(0, -1);
  const segments = plainSegments('The site archive entry', rest);
  if (segments.includes('..')) throw refuse('The site archive entry', name, 'leaves the site root (..)');
  return segments.join('/');
}

/** A function's file: how many folders it climbs above the function's own, and its path below that point. */
export interface FunctionFilePath {
  climb: number;
  /** The path below the folder it climbs to (`shared/http.ts` for `../../shared/http.ts`). */
  below: string;
}

/**
 * A function file's path as the CLI sends it (relative to the function's folder): `..` only at its start (at most
 * `MAX_CLIMB` of them: the files of `base44/shared/` arrive as `../../shared/<file>`), then plain names.
 */
export function functionFilePath(path: string): FunctionFilePath {
  const segments = plainSegments('The file', path);
  let climb = 0;
  while (segments[climb] === '..') climb++;
  const below = segments.slice(climb);
  if (below.length === 0) throw refuse('The file', path, 'names a folder, not a file');
  if (below.includes('..')) throw refuse('The file', path, 'holds ".." after a name');
  if (climb > MAX_CLIMB) throw refuse('The file', path, `climbs more than ${MAX_CLIMB} folders`);
  return { climb, below: below.join('/') };
}
