import { createHash } from 'node:crypto';
import { BadRequestError } from '../core/errors.ts';
import { functionFilePath } from './upload-paths.ts';

/**
 * One function as `PUT backend-functions/{name}` receives it from the platform's CLI (0.1.18, `deploySingleFunction`):
 * `{ entry, files: [{ path, content }], automations? }`, every file's path relative to the function's folder
 * (`index.ts`, `../../shared/http.ts`). Checked whole before anything is stored: a name the harness cannot serve, a
 * file path outside the rules of upload-paths.ts, a path given twice, an entry that is not one of the files, and
 * automations (which the harness does not run) are each refused naming the problem.
 */

/** The names the harness serves functions by (the platform's CLI refuses dots; `..` can then never name a folder). */
export const FUNCTION_NAME = /^[A-Za-z0-9_-]{1,64}$/;
/** Files of one function (its folder and `base44/shared/`). */
export const MAX_FUNCTION_FILES = 500;

export interface FunctionFile {
  path: string;
  content: string;
}

export interface FunctionUpload {
  name: string;
  /** The entry as one of the files' paths (`index.ts`; `./index.ts` is read the same). */
  entry: string;
  /** Sorted by path. */
  files: FunctionFile[];
  /** Equal for two uploads of the same entry and files: a re-deploy with this digest changes nothing. */
  digest: string;
}

const invalid = (name: string, problem: string) =>
  new BadRequestError(`Function ${name}: ${problem}`, 'invalid_function');

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Files in their paths' code-unit order. */
// Stryker disable next-line EqualityOperator: the paths are unique (a repeated one is refused), so <= orders them as < does.
const byPath = (a: { path: string }, b: { path: string }) => (a.path < b.path ? -1 : 1);

function readFiles(name: string, files: unknown): FunctionFile[] {
  if (!Array.isArray(files) || files.length === 0)
    throw invalid(name, '"files" must be a non-empty array of { path, content }');
  if (files.length > MAX_FUNCTION_FILES) throw invalid(name, `more than ${MAX_FUNCTION_FILES} files`);
  const seen = new Set<string>();
  return files
    .map((file, i) => {
      if (!isObject(file) || typeof file.path !== 'string' || typeof file.content !== 'string')
        throw invalid(name, `files[${i}] must be { path, content } with two strings`);
      try {
        functionFilePath(file.path);
      } catch (error) {
        throw new BadRequestError(`Function ${name}: ${(error as Error).message}`, 'unsafe_path');
      }
      if (seen.has(file.path)) throw invalid(name, `the file ${file.path} is given twice`);
      seen.add(file.path);
      return { path: file.path, content: file.content };
    })
    .sort(byPath);
}

/** The checked upload of the function `name`; a 400 naming the first problem otherwise. */
export function readFunctionUpload(name: string, body: unknown): FunctionUpload {
  if (!FUNCTION_NAME.test(name))
    throw new BadRequestError(
      `Function name ${JSON.stringify(name.slice(0, 80))}: use letters, digits, - and _ (64 at most)`,
      'invalid_function_name',
    );
  if (!isObject(body)) throw invalid(name, 'the body must be { entry, files }');
  const files = readFiles(name, body.files);
  if (typeof body.entry !== 'string' || body.entry === '')
    throw invalid(name, '"entry" must name its entry file');
  const entry = body.entry.startsWith('./') ? body.entry.slice(2) : body.entry;
  if (!files.some((file) => file.path === entry))
    throw new BadRequestError(
      `Function ${name}: its entry ${body.entry} is not among the ${files.length} files uploaded`,
      'function_entry_missing',
    );
  if (body.automations !== undefined && (!Array.isArray(body.automations) || body.automations.length > 0))
    throw invalid(name, 'automations are not run by the local platform; deploy the function without them');
  const digest = createHash('sha256').update(JSON.stringify({ entry, files })).digest('hex');
  return { name, entry, files, digest };
}
