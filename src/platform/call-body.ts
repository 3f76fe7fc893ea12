import { ERROR_CODES } from './constants.ts';
import { PlatformError } from './errors/platform-error.ts';
import type { CallParams } from './types.ts';

/**
 * Applies the body rule of functions and integrations: `multipart/form-data` when any top-level value is a
 * `File`/`Blob` (files as files, objects as JSON strings, other values as strings), otherwise the object itself
 * (sent as JSON). A string (or any non-object) is rejected with the contract's message, before any request.
 */
export function toCallBody(
  kind: 'Function' | 'Integration',
  name: string,
  params: unknown,
): CallParams | FormData {
  if (params === undefined || params === null) return {};
  // A `FormData` goes as it is: it has no own entries, so it holds no file below and is returned unchanged.
  if (typeof params !== 'object' || Array.isArray(params)) {
    throw new PlatformError(
      `${kind} ${name} must receive an object with named parameters, received: ${params}`,
      {
        code: ERROR_CODES.invalidArgument,
      },
    );
  }
  const entries = Object.entries(params);
  if (!entries.some(([, value]) => value instanceof Blob)) return params as CallParams;
  const form = new FormData();
  for (const [key, value] of entries) {
    if (value === undefined) continue;
    if (value instanceof Blob) form.append(key, value, (value as File).name ?? 'blob');
    // `null` is an object too: JSON.stringify(null) is 'null', as String(null) is.
    else form.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return form;
}
