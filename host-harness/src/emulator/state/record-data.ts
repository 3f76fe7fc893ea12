import { BadRequestError } from '../errors.ts';

/** Fields the emulator owns on every record; values sent by callers for them are ignored. */
export const SYSTEM_FIELDS = new Set(['id', 'created_date', 'updated_date', 'created_by', 'created_by_id']);

const MAX_DEPTH = 32;
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

function isPlainObject(value: unknown): value is Record<string, unknown> {
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

const PLATFORM_OWNED_USER_FIELDS = new Set(['_id', 'email', 'role', 'password', 'app_id', 'is_verified']);

/**
 * Fields of a user's record the platform owns (its id, account e-mail, role, timestamps and authorship): a
 * `register` payload's extra fields never set them, nor does a profile stored before this rule existed.
 */
export function isPlatformOwnedUserField(key: string): boolean {
  return (
    SYSTEM_FIELDS.has(key) ||
    PLATFORM_OWNED_USER_FIELDS.has(key) ||
    key.startsWith('created_') ||
    key.startsWith('updated_')
  );
}
/** Extra profile fields a register payload may carry; more are refused. */
export const MAX_PROFILE_FIELDS = 50;

/**
 * The extra fields of a `register` payload (everything but the account's e-mail and password), validated like a record
 * (depth, finite numbers, no `$` or `__proto__` keys) and without the platform-owned fields, which are dropped.
 */
export function userProfile(data: Record<string, unknown>): Record<string, unknown> {
  const fields = recordData(data, 'The registration');
  const profile: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (!isPlatformOwnedUserField(key)) profile[key] = value;
  }
  if (Object.keys(profile).length > MAX_PROFILE_FIELDS)
    throw new BadRequestError(
      `A registration carries at most ${MAX_PROFILE_FIELDS} extra fields`,
      'invalid_body',
    );
  return profile;
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
        if (typeof amount !== 'number' || !Number.isFinite(amount)) {
          throw new BadRequestError(`$inc.${field} must be a finite number`, 'invalid_body');
        }
        if (SYSTEM_FIELDS.has(field) || field.startsWith('$') || field === '__proto__') {
          throw new BadRequestError(`$inc cannot change ${field}`, 'invalid_body');
        }
        patch.inc[field] = amount;
      }
    } else {
      Object.assign(patch.set, recordData(value, '$set'));
    }
  }
  Object.assign(patch.set, recordData(plain, 'The update'));
  return patch;
}
