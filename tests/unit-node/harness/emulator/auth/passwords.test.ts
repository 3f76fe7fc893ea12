/**
 * Password hashes as the emulator stores them (`scrypt$16384$<salt>$<key>`, base64url): checked against Node's own
 * scrypt, salted afresh each time, and a malformed or foreign hash never matches (nor throws). scrypt is slow by design:
 * each test allows for a loaded machine.
 */
import { scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  hashPassword,
  hashPasswordSync,
  verifyPassword,
} from '../../../../../host-harness/src/emulator/auth/passwords.ts';

/** The parts of a stored hash, after checking its shape: a 16-byte salt and a 32-byte key. */
function partsOf(stored: string) {
  expect(stored).toMatch(/^scrypt\$16384\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
  const [, , salt, key] = stored.split('$') as [string, string, string, string];
  return { salt: Buffer.from(salt, 'base64url'), key: Buffer.from(key, 'base64url') };
}

describe('password hashes', { timeout: 60_000 }, () => {
  it('hashes with scrypt (N = 16384, 32-byte key) and a new random 16-byte salt, and verifies the password', async () => {
    const hashes = [await hashPassword('correct horse'), hashPasswordSync('correct horse')];
    for (const stored of hashes) {
      const { salt, key } = partsOf(stored);
      expect(key.equals(scryptSync('correct horse', salt, 32, { N: 16_384 }))).toBe(true);
      expect(await verifyPassword('correct horse', stored)).toBe(true);
      expect(await verifyPassword('correct horsE', stored)).toBe(false);
    }
    expect(partsOf(hashes[0]!).salt.equals(partsOf(hashes[1]!).salt)).toBe(false);
    expect(partsOf(await hashPassword('correct horse')).salt.equals(partsOf(hashes[0]!).salt)).toBe(false);
  });

  it('verifies a hash made elsewhere with the same parameters', async () => {
    const salt = Buffer.alloc(16, 7);
    const key = scryptSync('from elsewhere', salt, 32, { N: 16_384 });
    const stored = `scrypt$16384$${salt.toString('base64url')}$${key.toString('base64url')}`;
    expect(await verifyPassword('from elsewhere', stored)).toBe(true);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('never matches a missing, malformed or differently made hash, and never throws', async () => {
    const salt = Buffer.alloc(16, 9);
    const saltText = salt.toString('base64url');
    const key = scryptSync('pw123456', salt, 32, { N: 16_384 }).toString('base64url');
    const short = scryptSync('pw123456', salt, 16, { N: 16_384 }).toString('base64url');
    const cheap = scryptSync('pw123456', salt, 32, { N: 1024 }).toString('base64url');
    for (const stored of [
      null,
      '',
      'scrypt',
      `scrypt$16384$${saltText}`,
      `scrypt$16384$${saltText}$${key}$extra`,
      `bcrypt$16384$${saltText}$${key}`,
      `$16384$${saltText}$${key}`,
      `scrypt$1024$${saltText}$${key}`,
      `scrypt$1024$${saltText}$${cheap}`,
      `scrypt$$${saltText}$${key}`,
      `scrypt$16384$${saltText}$${short}`,
      `scrypt$16384$${saltText}$`,
    ]) {
      expect(await verifyPassword('pw123456', stored), String(stored)).toBe(false);
    }
    expect(await verifyPassword('pw123456', `scrypt$16384$${saltText}$${key}`)).toBe(true);
  });
});
