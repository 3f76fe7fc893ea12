import { BadRequestError } from '../core/errors.ts';
import { isPlainObject, recordData, SYSTEM_FIELDS } from '../core/record-data.ts';

const ENTITY_NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

/** Checks an entity name from a URL (`^[A-Za-z][A-Za-z0-9_]{0,63}$`). */
export function checkEntityName(name: string): void {
  if (!ENTITY_NAME.test(name)) {
    throw new BadRequestError(
      `Invalid entity name: ${JSON.stringify(name.slice(0, 80))}. Names start with a letter and contain only letters, digits and _ (64 at most).`,
      'invalid_entity_name',
    );
  }
}

export interface RecordPatch {
  set: Record<string, unknown>;
  inc: Record<string, number>;
  unset: string[];
}

const UPDATE_OPERATORS = new Set(['$set', '$inc', '$unset']);

/**
 * Reads an update body: plain fields are merged (a partial update), and `$set`, `$unset` and `$inc` work as in
 * MongoDB. `$inc` is applied atomically inside the write transaction, so concurrent increments never lose one.
 */
export function recordPatch(body: unknown): RecordPatch {
  if (!isPlainObject(body)) throw new BadRequestError('The update must be a JSON object', 'invalid_body');
  const plain: Record<string, unknown> = {};
  const patch: RecordPatch = { set: {}, inc: {}, unset: [] };
  for (const [key, value] of Object.entries(body)) {
    if (key === '__proto__') throw new BadRequestError('Field name __proto__ is not allowed', 'invalid_body');
    if (!key.startsWith('$')) {
      plain[key] = value;
      continue;
    }
    if (!UPDATE_OPERATORS.has(key))
      throw new BadRequestError(`Unknown update operator ${key}`, 'invalid_body');
    if (key === '$unset') {
      const fields = Array.isArray(value) ? value : isPlainObject(value) ? Object.keys(value) : null;
      if (!fields || fields.some((f) => typeof f !== 'string')) {
        throw new BadRequestError('$unset needs an object or an array of field names', 'invalid_body');
      }
      patch.unset.push(...(fields as string[]).filter((f) => !SYSTEM_FIELDS.has(f)));
    } else if (key === '$inc') {
      if (!isPlainObject(value))
        throw new BadRequestError('$inc needs an object of field: number', 'invalid_body');
      for (const [field, amount] of Object.entries(value)) {
        // Number.isFinite answers false for anything that is not a number.
        if (!Number.isFinite(amount)) {
          throw new BadRequestError(`$inc.${field} must be a finite number`, 'invalid_body');
        }
        if (SYSTEM_FIELDS.has(field) || field.startsWith('$') || field === '__proto__') {
          throw new BadRequestError(`$inc cannot change ${field}`, 'invalid_body');
        }
        patch.inc[field] = amount as number;
      }
    } else {
      Object.assign(patch.set, recordData(value, '$set'));
    }
  }
  Object.assign(patch.set, recordData(plain, 'The update'));
  return patch;
}
