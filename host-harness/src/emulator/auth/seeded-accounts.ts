import { hashPasswordSync } from './passwords.ts';

/** The service-role token (host-harness/README.md, "Seeded state"). */
export const SERVICE_TOKEN = 'local-service-token';

/** The seeded accounts (host-harness/README.md, "Seeded state"). `member: false` signs in but is not registered for the app. */
export const SEEDED_ACCOUNTS = [
  {
    id: '65f0a0000000000000000001',
    email: 'admin@example.com',
    password: 'admin1234',
    role: 'admin',
    fullName: 'Admin User',
    member: true,
  },
  {
    id: '65f0a0000000000000000002',
    email: 'user@example.com',
    password: 'user1234',
    role: 'user',
    fullName: 'Site User',
    member: true,
  },
  {
    id: '65f0a0000000000000000003',
    email: 'outsider@example.com',
    password: 'outsider1234',
    role: 'user',
    fullName: 'Outside User',
    member: false,
  },
] as const;

// Hashing is deliberately slow; seeded hashes are computed once per process so that resets stay instant.
const seededHashes = new Map<string, string>();
export function seededHash(password: string): string {
  let hash = seededHashes.get(password);
  if (!hash) {
    hash = hashPasswordSync(password);
    seededHashes.set(password, hash);
  }
  return hash;
}
