import { BadRequestError } from '../core/errors.ts';
import { recordData, SYSTEM_FIELDS } from '../core/record-data.ts';

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
