import { describe, expect, it } from 'vitest';
import {
  isPlatformOwnedUserField,
  MAX_PROFILE_FIELDS,
  userProfile,
} from '../../../../../host-harness/src/emulator/auth/user-profile.ts';

describe('register payloads: the platform owns id, role, e-mail, timestamps and authorship', () => {
  it('names the platform-owned fields, prefixes included', () => {
    for (const field of [
      'id',
      '_id',
      'role',
      'email',
      'password',
      'created_date',
      'created_by',
      'created_by_id',
      'created_anything',
      'updated_date',
      'updated_by',
      'app_id',
      'is_verified',
    ])
      expect(isPlatformOwnedUserField(field), field).toBe(true);
    for (const field of ['full_name', 'company', 'Email', 'role_title', 'creator', 'update'])
      expect(isPlatformOwnedUserField(field), field).toBe(false);
  });

  it('keeps the caller’s own fields and drops the platform’s', () => {
    const profile = userProfile({
      email: 'a@example.com',
      password: 'secret123',
      id: 'x',
      role: 'admin',
      created_date: '2000-01-01',
      updated_by: 'y',
      full_name: 'A',
      company: { name: 'Acme', email: 'kept@example.com' },
    });
    expect(profile).toEqual({ full_name: 'A', company: { name: 'Acme', email: 'kept@example.com' } });
  });

  it('refuses what a record refuses, and too many fields', () => {
    expect(() => userProfile({ a: { $where: '1' } })).toThrow(/cannot start with \$/);
    expect(() => userProfile({ n: Number.POSITIVE_INFINITY })).toThrow(
      'The registration holds a number too large to store',
    );
    const wide = Object.fromEntries(Array.from({ length: MAX_PROFILE_FIELDS + 1 }, (_, i) => [`f${i}`, i]));
    expect(() => userProfile(wide)).toThrow(
      expect.objectContaining({
        status: 400,
        code: 'invalid_body',
        message: 'A registration carries at most 50 extra fields',
      }),
    );
    // Platform-owned fields are dropped before counting.
    const { f0: _dropped, ...fifty } = wide;
    expect(Object.keys(userProfile({ ...fifty, id: 1, role: 'admin', email: 'x' }))).toHaveLength(
      MAX_PROFILE_FIELDS,
    );
  });
});
