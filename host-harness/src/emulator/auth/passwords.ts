import {
  type BinaryLike,
  randomBytes,
  type ScryptOptions,
  scrypt,
  scryptSync,
  timingSafeEqual,
} from 'node:crypto';
import { promisify } from 'node:util';

const KEY_LENGTH = 32;
const COST = 16_384;

const scryptWith = promisify<BinaryLike, BinaryLike, number, ScryptOptions, Buffer>(scrypt);
const scryptAsync = (password: string, salt: Buffer): Promise<Buffer> =>
  // Stryker disable next-line ObjectLiteral: {} leaves N at Node's documented default, 16,384, which is COST: the same key.
  scryptWith(password, salt, KEY_LENGTH, { N: COST });

function format(salt: Buffer, key: Buffer): string {
  return `scrypt$${COST}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** Hashes a password with scrypt and a random salt (`scrypt$N$salt$key`). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  return format(salt, await scryptAsync(password, salt));
}

/** Synchronous variant, used once per process for the seeded accounts. */
export function hashPasswordSync(password: string): string {
  const salt = randomBytes(16);
  // Stryker disable next-line ObjectLiteral: {} leaves N at Node's documented default, 16,384, which is COST: the same key.
  return format(salt, scryptSync(password, salt, KEY_LENGTH, { N: COST }));
}

/** Constant-time check of a password against a stored hash; false for a malformed or missing hash. */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parts = stored?.split('$');
  if (parts?.length !== 4 || parts[0] !== 'scrypt' || Number(parts[1]) !== COST) return false;
  const expected = Buffer.from(parts[3]!, 'base64url');
  const actual = await scryptAsync(password, Buffer.from(parts[2]!, 'base64url'));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
