/**
 * Bounds on the shape of JSON the emulator accepts (README "Limits"), checked on the raw text before it is parsed.
 * `JSON.parse` itself survives any depth, but what runs afterwards does not: `JSON.stringify` (storing a record, an
 * account's profile, an analytics event) recurses and throws a RangeError past a few thousand levels, and very wide
 * objects make every later walk over them slow. One linear scan refuses both with a 400 before any route runs.
 */
import { BadRequestError } from '../errors.ts';

/** Objects and arrays nested deeper than this are refused (`{"a":1}` is one level). */
export const MAX_JSON_DEPTH = 32;
/** One object with more keys than this is refused. */
export const MAX_JSON_OBJECT_KEYS = 10_000;
/** A body with more keys than this in all is refused (a bulk create of 5,000 records has room for 20 fields each). */
export const MAX_JSON_KEYS = 100_000;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;

/**
 * Why `text` (JSON, possibly malformed) is too deep or too wide, or null. Strings are skipped (a `{` inside one does not
 * count); a `:` outside strings is a key. Malformed input is left for `JSON.parse` to report.
 */
export function jsonShapeProblem(text: string, where = 'The request body'): string | null {
  // keysAt[d] counts the keys of the object open at depth d (arrays count none).
  const keysAt = new Uint32Array(MAX_JSON_DEPTH + 1);
  let depth = 0;
  let keys = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
      continue;
    }
    if (c === QUOTE) inString = true;
    else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      depth++;
      if (depth > MAX_JSON_DEPTH)
        return `${where} is nested more than ${MAX_JSON_DEPTH} levels deep (objects and arrays)`;
      keysAt[depth] = 0;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      if (depth > 0) depth--;
    } else if (c === COLON) {
      keys++;
      if (keys > MAX_JSON_KEYS) return `${where} has more than ${MAX_JSON_KEYS} keys in all`;
      keysAt[depth] = (keysAt[depth] ?? 0) + 1;
      if ((keysAt[depth] ?? 0) > MAX_JSON_OBJECT_KEYS)
        return `${where} has an object with more than ${MAX_JSON_OBJECT_KEYS} keys`;
    }
  }
  return null;
}

/** Parses JSON text within the bounds above; a 400 `invalid_body` (too deep, too wide) or `invalid_json` otherwise. */
export function parseBoundedJson(text: string, where = 'The request body'): unknown {
  const problem = jsonShapeProblem(text, where);
  if (problem) throw new BadRequestError(problem, 'invalid_body');
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new BadRequestError(`${where} is not valid JSON`, 'invalid_json', (error as Error).message);
  }
}
