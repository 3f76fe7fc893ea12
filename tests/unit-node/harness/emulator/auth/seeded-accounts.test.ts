/**
 * The seeded accounts and the service token are the ones host-harness/README.md ("Seeded state") documents, and their
 * password hashes are made once per process.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { verifyPassword } from '../../../../../host-harness/src/emulator/auth/passwords.ts';
import {
  SEEDED_ACCOUNTS,
  SERVICE_TOKEN,
  seededHash,
} from '../../../../../host-harness/src/emulator/auth/seeded-accounts.ts';

/** The README's "Seeded state" section, one line. */
function seededStateSection(): string {
  const readme = readFileSync(new URL('../../../../../host-harness/README.md', import.meta.url), 'utf8');
  const section = /### Seeded state\n([\s\S]*?)\n###/.exec(readme)?.[1];
  expect(section).toBeDefined();
  return section!.replace(/\s+/g, ' ');
}

describe('the seeded accounts', () => {
  it('are the three the README lists, with their passwords, roles and membership', () => {
    const section = seededStateSection();
    expect(SEEDED_ACCOUNTS.map((a) => a.email)).toEqual([
      'admin@example.com',
      'user@example.com',
      'outsider@example.com',
    ]);
    for (const account of SEEDED_ACCOUNTS) {
      const listed = `\`${account.email}\` / \`${account.password}\``;
      expect(section, account.email).toContain(
        account.member
          ? `${listed} (${account.role})`
          : `${listed} (can sign in, but is not registered for the app`,
      );
    }
    expect(SEEDED_ACCOUNTS.filter((a) => a.member).map((a) => a.role)).toEqual(['admin', 'user']);
    expect(SEEDED_ACCOUNTS.find((a) => !a.member)?.role).toBe('user');
  });

  it('have distinct platform-shaped ids and names', () => {
    for (const account of SEEDED_ACCOUNTS) {
      expect(account.id).toMatch(/^[0-9a-f]{24}$/);
      expect(account.fullName.trim()).not.toBe('');
    }
    expect(new Set(SEEDED_ACCOUNTS.map((a) => a.id)).size).toBe(3);
    expect(new Set(SEEDED_ACCOUNTS.map((a) => a.fullName)).size).toBe(3);
  });

  it('and the service token are as documented', () => {
    expect(seededStateSection()).toContain(`Service token: \`${SERVICE_TOKEN}\``);
    expect(SERVICE_TOKEN).toBe('local-service-token');
  });
});

describe('seededHash', { timeout: 60_000 }, () => {
  it('hashes each password once per process: the same hash again, another for another password', async () => {
    const first = seededHash('seeded-one');
    expect(seededHash('seeded-one')).toBe(first);
    const second = seededHash('seeded-two');
    expect(second).not.toBe(first);
    expect(seededHash('seeded-two')).toBe(second);
    expect(await verifyPassword('seeded-one', first)).toBe(true);
    expect(await verifyPassword('seeded-two', second)).toBe(true);
  });
});
