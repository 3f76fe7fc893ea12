import { AccountStore } from './account-store.ts';
import { AnalyticsStore } from './analytics-store.ts';
import { AppLogStore } from './app-log-store.ts';
import { type AppSettings, AppStore } from './app-store.ts';
import { ConversationStore } from './conversation-store.ts';
import { type ChangeListener, type EntityRecord, EntityStore } from './entity-store.ts';
import { FileStore } from './file-store.ts';
import { type Db, TABLES } from './open-database.ts';
import { OrderStore } from './order-store.ts';
import { Outbox } from './outbox.ts';
import { hashPasswordSync } from './passwords.ts';
import { ProviderEventStore } from './provider-event-store.ts';

/** The service-role token of the harness contract. */
export const SERVICE_TOKEN = 'local-service-token';

/** The seeded accounts of the harness contract. `member: false` signs in but is not registered for the app. */
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

const DEFAULT_SETTINGS: AppSettings = {
  public_settings: { name: 'Local app', requires_auth: false },
  requireLogin: false,
};

// Hashing is deliberately slow; seeded hashes are computed once per process so that resets stay instant.
const seededHashes = new Map<string, string>();
function seededHash(password: string): string {
  let hash = seededHashes.get(password);
  if (!hash) {
    hash = hashPasswordSync(password);
    seededHashes.set(password, hash);
  }
  return hash;
}

/** The emulator's state: one object composing the stores, all backed by one SQLite database. */
export class EmulatorState {
  readonly apps: AppStore;
  readonly accounts: AccountStore;
  readonly entities: EntityStore;
  readonly outbox: Outbox;
  readonly orders: OrderStore;
  readonly providerEvents: ProviderEventStore;
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
    this.orders = new OrderStore(db);
    this.providerEvents = new ProviderEventStore(db);
    this.logs = new AppLogStore(db);
    this.conversations = new ConversationStore(db);
    this.files = new FileStore(db);
    this.analytics = new AnalyticsStore(db);
    if (!this.apps.get(appId)) this.seed();
  }

  private seed(): void {
    this.db.transaction(() => {
      this.apps.put(this.appId, structuredClone(DEFAULT_SETTINGS));
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
      for (const table of TABLES) this.db.prepare(`DELETE FROM ${table}`).run();
      this.entities.clearCache();
      this.orders.resetSequence();
      this.seed();
    })();
  }

  /** The app's `User` record for an account: present when the account is registered for the app. */
  member(appId: string, accountId: string): EntityRecord | undefined {
    return this.entities.find(appId, 'User', accountId);
  }
}
