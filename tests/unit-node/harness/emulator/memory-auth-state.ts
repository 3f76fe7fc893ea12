/**
 * What the auth modules read, over an in-memory database: the apps, the real account store (accounts, tokens, one-time
 * codes, reset tokens) and each app's members, kept in a map (the emulator keeps them as `User` records; auth only asks
 * for them). Built inside each test: nothing here runs while a test file is collected.
 */
import {
  APP_TABLES,
  AppStore,
  DEFAULT_APP_SETTINGS,
} from '../../../../host-harness/src/emulator/apps/app-store.ts';
import { ACCOUNT_TABLES, AccountStore } from '../../../../host-harness/src/emulator/auth/account-store.ts';
import type { CallerState, MemberRecord } from '../../../../host-harness/src/emulator/auth/members.ts';
import { openDatabase } from '../../../../host-harness/src/emulator/core/database.ts';

export const APP = 'app-1';

export interface MemoryAuthState extends CallerState {
  /** Makes an account a member of `appId` with these fields (its `User` record). */
  join(appId: string, accountId: string, fields?: Record<string, unknown>): MemberRecord;
}

/**
 * The account id a member lookup names: always a string (the directory's contract; an anonymous caller or socket has no
 * account to look up).
 */
export function accountAsked(accountId: unknown): string {
  if (typeof accountId !== 'string')
    throw new TypeError(`a member was looked up by ${String(accountId)}, not an account id`);
  return accountId;
}

export function memoryAuthState(): MemoryAuthState {
  const db = openDatabase(null, [APP_TABLES, ACCOUNT_TABLES]);
  const apps = new AppStore(db);
  apps.put(APP, structuredClone(DEFAULT_APP_SETTINGS));
  const members = new Map<string, MemberRecord>();
  return {
    apps,
    accounts: new AccountStore(db),
    member: (appId, accountId) => members.get(`${appId}/${accountAsked(accountId)}`),
    join(appId, accountId, fields = { role: 'user' }) {
      const record = { ...fields, id: accountId };
      members.set(`${appId}/${accountId}`, record);
      return record;
    },
  };
}
