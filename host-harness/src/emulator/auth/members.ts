import type { AppStore } from '../apps/index.ts';
import type { Db } from '../core/database.ts';
import type { AccountStore } from './account-store.ts';

/**
 * A member of an app: its `User` record, whose id is the account's. The entities feature keeps these records; auth
 * reads and creates them through `MemberDirectory`, which the emulator's state implements over the entity store.
 */
export type MemberRecord = Record<string, unknown> & { id: string };

/** Who wrote a record (`created_by`, `created_by_id`). */
export interface MemberAuthor {
  id: string | null;
  email: string | null;
}

/** The app's members as auth sees them. */
export interface MemberDirectory {
  /** The app's `User` record for an account: present when the account is registered for the app. */
  member(appId: string, accountId: string): MemberRecord | undefined;
  /** Registers an account for the app: creates its `User` record (with the account's id), written by `author`. */
  addMember(
    appId: string,
    accountId: string,
    fields: Record<string, unknown>,
    author: MemberAuthor,
  ): MemberRecord;
}

/** What knowing a caller takes: the apps, the accounts and their tokens, and each app's members. */
export interface CallerState extends Pick<MemberDirectory, 'member'> {
  apps: AppStore;
  accounts: AccountStore;
}

/** The same, with the database for transactions and the right to register members (the auth routes). */
export interface AuthState extends CallerState, MemberDirectory {
  db: Db;
}
