import { CONVERSATION_TABLES, ConversationStore } from './agents/index.ts';
import { ANALYTICS_TABLES, AnalyticsStore, APP_LOG_TABLES, AppLogStore } from './app-logs/index.ts';
import { APP_TABLES, AppStore, DEFAULT_APP_SETTINGS } from './apps/index.ts';
import {
  ACCOUNT_TABLES,
  AccountStore,
  type AuthState,
  type MemberAuthor,
  SEEDED_ACCOUNTS,
  seededHash,
} from './auth/index.ts';
import type { Db, Tables } from './core/database.ts';
import { DEPLOY_TABLES } from './deploy/index.ts';
import { OUTBOX_TABLES, Outbox } from './email/index.ts';
import { type ChangeListener, ENTITY_TABLES, type EntityRecord, EntityStore } from './entities/index.ts';
import { FILE_TABLES, FileStore } from './files/index.ts';

/** Every feature's tables, in the order `reset` empties them. */
export const EMULATOR_TABLES: readonly Tables[] = [
  APP_TABLES,
  ACCOUNT_TABLES,
  ENTITY_TABLES,
  OUTBOX_TABLES,
  APP_LOG_TABLES,
  CONVERSATION_TABLES,
  FILE_TABLES,
  ANALYTICS_TABLES,
  DEPLOY_TABLES,
];

/**
 * The emulator's state: one object composing the features' stores, all backed by one SQLite database. It is also the
 * member directory auth asks (an app's members are its `User` records, in the entity store).
 */
export class EmulatorState implements AuthState {
  readonly apps: AppStore;
  readonly accounts: AccountStore;
  readonly entities: EntityStore;
  readonly outbox: Outbox;
  readonly logs: AppLogStore;
  readonly conversations: ConversationStore;
  readonly files: FileStore;
  readonly analytics: AnalyticsStore;

  constructor(
    readonly db: Db,
    readonly appId: string,
    onEntityChange: ChangeListener,
  ) {
    this.apps = new AppStore(db);
    this.accounts = new AccountStore(db);
    this.entities = new EntityStore(db, onEntityChange);
    this.outbox = new Outbox(db);
    this.logs = new AppLogStore(db);
    this.conversations = new ConversationStore(db);
    this.files = new FileStore(db);
    this.analytics = new AnalyticsStore(db);
    if (!this.apps.get(appId)) this.seed();
  }

  private seed(): void {
    this.db.transaction(() => {
      this.apps.put(this.appId, structuredClone(DEFAULT_APP_SETTINGS));
      for (const seeded of SEEDED_ACCOUNTS) {
        this.accounts.create({
          id: seeded.id,
          email: seeded.email,
          passwordHash: seededHash(seeded.password),
          fullName: seeded.fullName,
          verified: true,
        });
      }
      const members = SEEDED_ACCOUNTS.filter((s) => s.member);
      this.entities.createMany(
        this.appId,
        'User',
        members.map((s) => ({ email: s.email, full_name: s.fullName, role: s.role })),
        { id: null, email: null },
        members.map((s) => s.id),
      );
    })();
  }

  /** Empties every table and seeds again, in one transaction. */
  reset(): void {
    this.db.transaction(() => {
      for (const table of EMULATOR_TABLES.flatMap((set) => set.names))
        this.db.prepare(`DELETE FROM ${table}`).run();
      this.entities.clearCache();
      this.seed();
    })();
  }

  /** The app's `User` record for an account: present when the account is registered for the app. */
  member(appId: string, accountId: string): EntityRecord | undefined {
    return this.entities.find(appId, 'User', accountId);
  }

  addMember(
    appId: string,
    accountId: string,
    fields: Record<string, unknown>,
    author: MemberAuthor,
  ): EntityRecord {
    return this.entities.createMany(appId, 'User', [fields], author, [accountId])[0]!;
  }
}
