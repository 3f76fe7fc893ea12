import { BadRequestError } from './errors.ts';

/** Fields the emulator owns on every record; values sent by callers for them are ignored. */
export const SYSTEM_FIELDS = new Set(['id', 'created_date', 'updated_date', 'created_by', 'created_by_id']);

const MAX_DEPTH = 32;

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value);
}

function checkValue(value: unknown, depth: number, where: string, operatorKeys: boolean): void {
  if (depth > MAX_DEPTH)
    throw new BadRequestError(`${where} is nested more than ${MAX_DEPTH} levels deep`, 'invalid_body');
  // JSON.parse reads 1e999 as Infinity, which the database would store as null while memory kept Infinity.
  if (typeof value === 'number' && !Number.isFinite(value))
    throw new BadRequestError(`${where} holds a number too large to store`, 'invalid_body');
  if (Array.isArray(value)) {
    for (const item of value) checkValue(item, depth + 1, where, operatorKeys);
  } else if (isPlainObject(value)) {
    for (const [key, inner] of Object.entries(value)) {
      if (!operatorKeys && key.startsWith('$'))
        throw new BadRequestError(`Field names cannot start with $: ${key}`, 'invalid_body');
      checkValue(inner, depth + 1, where, operatorKeys);
    }
  }
}

/**
 * Checks that a value is stored exactly as sent (nested at most 32 levels, finite numbers), for data that is kept but
 * never queried (analytics events), so `$` field names are allowed there.
 */
export function checkStorableValue(value: unknown, where: string): void {
  checkValue(value, 0, where, true);
}

/** Validates a record body (a JSON object) and drops the system fields. */
export function recordData(body: unknown, where = 'The record'): Record<string, unknown> {
  if (!isPlainObject(body)) throw new BadRequestError(`${where} must be a JSON object`, 'invalid_body');
  checkValue(body, 0, where, false);
  const data: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (key === '__proto__') throw new BadRequestError('Field name __proto__ is not allowed', 'invalid_body');
    if (!SYSTEM_FIELDS.has(key)) data[key] = value;
  }
  return data;
}
