/**
 * An app's secrets (secret-values.ts): environment variable names with string values, set all at once or not at all,
 * listed with every value masked.
 */
import { describe, expect, it } from 'vitest';
import {
  MAX_SECRET_LENGTH,
  MAX_SECRETS,
  maskedSecrets,
  readSecrets,
  SECRET_MASK,
} from '../../../../../host-harness/src/emulator/deploy/secret-values.ts';
import { outcome } from '../outcome.ts';

describe('readSecrets', () => {
  it('takes environment variable names with string values', () => {
    const secrets = { SITE_ORIGIN: 'http://localhost:4403', _x: '', a1: 'v' };
    expect(readSecrets(secrets)).toEqual(secrets);
  });

  it('refuses a name that is not an environment variable’s, quoting at most 80 characters', () => {
    for (const name of ['1ABC', 'A-B', 'A B', 'A=B', ''])
      expect(outcome(() => readSecrets({ [name]: 'v' }))).toBe(
        `400 invalid_secret: The secret name ${JSON.stringify(name)} is not an environment variable name (letters, digits and _, not starting with a digit)`,
      );
    expect(readSecrets({ [`A${'b'.repeat(127)}`]: 'v' })).toHaveProperty(`A${'b'.repeat(127)}`);
    expect(outcome(() => readSecrets({ [`A${'b'.repeat(128)}`]: 'v' }))).toContain(
      JSON.stringify(`A${'b'.repeat(79)}`),
    );
  });

  it('refuses a value that is not a string, or longer than 32 KB', () => {
    expect(outcome(() => readSecrets({ KEY: 1 }))).toBe(
      '400 invalid_secret: The secret KEY must be a string',
    );
    expect(MAX_SECRET_LENGTH).toBe(32 * 1024);
    expect(readSecrets({ KEY: 'v'.repeat(32 * 1024) }).KEY).toHaveLength(32 * 1024);
    expect(outcome(() => readSecrets({ KEY: 'v'.repeat(32 * 1024 + 1) }))).toBe(
      '400 invalid_secret: The secret KEY is longer than 32768 characters',
    );
  });

  it('refuses no secrets, more than 100 at once, and a body that is not an object', () => {
    expect(outcome(() => readSecrets({}))).toBe('400 invalid_body: No secret was given');
    expect(MAX_SECRETS).toBe(100);
    const many = (count: number) =>
      Object.fromEntries(Array.from({ length: count }, (_, i) => [`S${i}`, 'v']));
    expect(Object.keys(readSecrets(many(100)))).toHaveLength(100);
    expect(outcome(() => readSecrets(many(101)))).toBe(
      '400 invalid_body: At most 100 secrets can be set at once',
    );
    for (const body of [null, ['A'], 'A=b'])
      expect(outcome(() => readSecrets(body))).toBe(
        '400 invalid_body: The body must be { <NAME>: <value>, … }',
      );
  });
});

describe('maskedSecrets', () => {
  it('lists every name with the same mask, never a value', () => {
    expect(SECRET_MASK).toBe('********');
    expect(maskedSecrets(['A', 'B'])).toEqual({ A: '********', B: '********' });
    expect(maskedSecrets([])).toEqual({});
  });
});
