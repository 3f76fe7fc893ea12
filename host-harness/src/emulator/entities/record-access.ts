import type { Caller, CallerState } from '../auth/index.ts';
import { ForbiddenError, NotFoundError } from '../core/errors.ts';
import type { SocketIdentity } from '../realtime/index.ts';
import type { DeclaredEntity } from './entity-file.ts';
import type { Author, EntityRecord } from './entity-store.ts';
import type { Predicate } from './query/filter.ts';
import type { CheckMode } from './record-schema.ts';
import { allows, type RlsOperation, type Viewer } from './rls-rules.ts';

/**
 * The RLS viewer of an HTTP caller: the service role, or the caller's `User` record in the app. A signed-in account
 * that is not a member of the app has no user record, so it matches no user condition, like an anonymous visitor.
 */
export function viewerOf(state: Pick<CallerState, 'member'>, appId: string, caller: Caller): Viewer {
  if (caller.service) return { service: true, user: null };
  const user = caller.account ? (state.member(appId, caller.account.id) ?? null) : null;
  return { service: false, user };
}

/** The same for a realtime socket, whose identity was fixed at the handshake (its role is read at event time). */
function socketViewer(state: Pick<CallerState, 'member'>, who: SocketIdentity): Viewer {
  if (who.service) return { service: true, user: null };
  return { service: false, user: who.accountId ? (state.member(who.appId, who.accountId) ?? null) : null };
}

/** Combines a caller's filter with an RLS predicate (RLS first: cheap, and no regex runs on hidden records). */
export function bothOf(rls: Predicate | null, where: Predicate | null): Predicate | null {
  if (!rls) return where;
  if (!where) return rls;
  return (record) => rls(record) && where(record);
}

/** What one caller may do with the records of one declared entity: schema checks and RLS, in one place. */
export class RecordAccess {
  constructor(
    readonly declared: DeclaredEntity,
    readonly viewer: Viewer,
  ) {}

  can(operation: RlsOperation, record: Record<string, unknown>): boolean {
    return allows(this.declared.rls[operation], record, this.viewer);
  }

  /** Keeps the records the caller may read and also `operation` (if given); null when nothing is hidden. */
  visible(operation?: 'update' | 'delete'): Predicate | null {
    const rules = [this.declared.rls.read, ...(operation ? [this.declared.rls[operation]] : [])];
    if (this.viewer.service || rules.every((rule) => rule === true)) return null;
    return (record) => rules.every((rule) => allows(rule, record, this.viewer));
  }

  /**
   * A record the caller may not read answers 404 exactly like a missing one, so its existence does not leak; one it
   * may read but not change answers 403.
   */
  require(operation: 'read' | 'update' | 'delete', record: EntityRecord): void {
    if (!this.can('read', record))
      throw new NotFoundError(`${this.declared.name} record ${record.id} not found`, 'record_not_found');
    // (For a read, this repeats the check above, which passed.)
    if (!this.can(operation, record)) {
      throw new ForbiddenError(
        `You are not allowed to ${operation} this ${this.declared.name} record`,
        'permission_denied',
      );
    }
  }

  /**
   * Checks new records (all of them before any is written): the schema first, then the create rule against the
   * record as it would be stored. Answers the data to store (with schema defaults filled in).
   */
  checkNew(
    items: Record<string, unknown>[],
    author: Author,
    mode: Exclude<CheckMode, 'update'>,
    where: (i: number) => string | undefined = () => undefined,
  ): Record<string, unknown>[] {
    const checked = items.map((item, i) => this.declared.schema.check(item, mode, where(i)));
    for (const data of checked) {
      const wouldBe = { ...data, created_by: author.email, created_by_id: author.id };
      if (!this.can('create', wouldBe)) {
        throw new ForbiddenError(
          `You are not allowed to create ${this.declared.name} records`,
          'permission_denied',
        );
      }
    }
    return checked;
  }

  /** The update guard, run inside the store's transaction: RLS on the stored record, the schema on the result. */
  checkUpdate(before: EntityRecord, after: EntityRecord): void {
    this.require('update', before);
    this.declared.schema.check(after, 'update');
  }
}

/** The access object for a declared entity, or null for an undeclared one (lenient: no schema, no RLS). */
export function accessFor(declared: DeclaredEntity | undefined, viewer: () => Viewer): RecordAccess | null {
  return declared ? new RecordAccess(declared, viewer()) : null;
}

/**
 * Who may receive a realtime event about `record`: undefined (everyone in the room) for an undeclared entity or an
 * open read rule, else a test run per socket at publish time.
 */
export function readersOf(
  declared: DeclaredEntity | undefined,
  record: Record<string, unknown>,
  state: () => Pick<CallerState, 'member'>,
): ((who: SocketIdentity) => boolean) | undefined {
  if (!declared || declared.rls.read === true) return undefined;
  const rule = declared.rls.read;
  return (who) => allows(rule, record, socketViewer(state(), who));
}
