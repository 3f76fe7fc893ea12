import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireApp } from '../apps/index.ts';
import { type Caller, type CallerState, callerOf, requireAdmin, requireMember } from '../auth/index.ts';
import { ApiError, BadRequestError, ForbiddenError } from '../core/errors.ts';
import { readMultipartParams } from '../core/http/named-params.ts';
import { recordData } from '../core/record-data.ts';
import type { DeclaredEntities } from './declared-entities.ts';
import type { Author, EntityStore } from './entity-store.ts';
import { parseImportFile } from './import-file.ts';
import { compileFilter, type Predicate, parseQueryParam, usesRegex } from './query/filter.ts';
import { DEFAULT_SORT, parseListOptions } from './query/list-options.ts';
import { withinRegexBudget } from './query/time-budget.ts';
import { accessFor, bothOf, type RecordAccess, viewerOf } from './record-access.ts';
import { checkEntityName, recordPatch } from './record-patch.ts';

type Params = { appId: string; entity: string; id: string };
type Query = Record<string, unknown>;

/** At most this many records per bulk create. */
const BULK_LIMIT = 5_000;
// `created_by` and `created_by_id` are system fields: recordPatch already drops them (and refuses them in `$inc`).
const USER_PROTECTED = new Set(['email', 'role']);
const ROLES = new Set(['admin', 'user']);

function author(caller: Caller): Author {
  if (caller.account) return { id: caller.account.id, email: caller.account.email };
  return { id: null, email: caller.service ? 'service' : null };
}

/** The Entities rows of the contract, plus `count` (sent by the reference client). */
export function registerEntityRoutes(
  app: FastifyInstance,
  ctx: { state: CallerState & { entities: EntityStore }; declared: DeclaredEntities },
): void {
  const { state } = ctx;
  const base = '/api/apps/:appId/entities/:entity';

  // Validates the app and entity name, and guards the User entity (e-mails and roles: admins and the service role).
  // `access` is set for an entity declared in the project (schema and RLS), null for a lenient one.
  function open(
    request: FastifyRequest,
    userAccess?: 'never',
  ): { appId: string; entity: string; caller: Caller; access: RecordAccess | null } {
    const { appId, entity } = request.params as Params;
    requireApp(state, appId);
    checkEntityName(entity);
    const caller = callerOf(state, request);
    if (entity === 'User') {
      if (userAccess === 'never')
        throw new ForbiddenError('Users are added through register or invite-user, and removed one by one');
      requireAdmin(state, appId, caller);
    }
    const access = accessFor(ctx.declared.get(entity), () => viewerOf(state, appId, caller));
    return { appId, entity, caller, access };
  }

  // A filter with a caller's `$regex` runs within a time budget. The collection is loaded first, outside it, so a
  // timeout can only cut in-memory matching short (never a database read).
  function budgeted<T>(appId: string, entity: string, read: () => T): T {
    state.entities.count(appId, entity, null);
    return withinRegexBudget(read);
  }
  function filtered<T>(appId: string, entity: string, where: Predicate | null, read: () => T): T {
    if (!usesRegex(where)) return read();
    return budgeted(appId, entity, read);
  }

  // Lists never answer 403 for RLS: the caller just sees the records they may read.
  app.get(base, async (request) => {
    const { appId, entity, access } = open(request);
    const query = request.query as Query;
    const where = parseQueryParam(query.q);
    const options = parseListOptions(query);
    const visible = bothOf(access?.visible() ?? null, where);
    return filtered(appId, entity, where, () => state.entities.list(appId, entity, visible, options));
  });

  app.get(`${base}/count`, async (request) => {
    const { appId, entity, access } = open(request);
    const where = parseQueryParam((request.query as Query).q);
    const visible = bothOf(access?.visible() ?? null, where);
    return { count: filtered(appId, entity, where, () => state.entities.count(appId, entity, visible)) };
  });

  app.get(`${base}/:id`, async (request) => {
    const { appId, entity, id } = request.params as Params;
    if (entity === 'User' && id === 'me') {
      requireApp(state, appId);
      return requireMember(state, appId, callerOf(state, request)).user;
    }
    const { access } = open(request);
    const record = state.entities.get(appId, entity, id);
    access?.require('read', record);
    return record;
  });

  app.post(base, async (request) => {
    const { appId, entity, caller, access } = open(request, 'never');
    let data = recordData(request.body);
    if (access) [data] = access.checkNew([data], author(caller), 'create') as [Record<string, unknown>];
    return state.entities.create(appId, entity, data, author(caller));
  });

  app.post(`${base}/bulk`, async (request) => {
    const { appId, entity, caller, access } = open(request, 'never');
    if (!Array.isArray(request.body))
      throw new BadRequestError('bulk needs a JSON array of records', 'invalid_body');
    if (request.body.length > BULK_LIMIT)
      throw new BadRequestError(`bulk accepts at most ${BULK_LIMIT} records`, 'invalid_body');
    let items = request.body.map((item, i) => recordData(item, `Record ${i}`));
    if (access) items = access.checkNew(items, author(caller), 'create', (i) => `Record ${i}`);
    return state.entities.createMany(appId, entity, items, author(caller));
  });

  app.post(`${base}/import`, async (request, reply) => {
    const { appId, entity, caller, access } = open(request, 'never');
    if (!request.isMultipart())
      throw new BadRequestError('import needs a multipart body with a file field', 'invalid_body');
    try {
      const { files } = await readMultipartParams(request);
      const file = files.file;
      if (!file) throw new BadRequestError('import needs a multipart field named file', 'invalid_body');
      let items = parseImportFile(file).map((item, i) => recordData(item, `Record ${i + 1}`));
      if (access) items = access.checkNew(items, author(caller), 'import', (i) => `Record ${i + 1}`);
      const output = state.entities.createMany(appId, entity, items, author(caller));
      return { status: 'success', details: `Imported ${output.length} ${entity} records`, output };
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 400) throw error;
      return reply
        .code(400)
        .send({ ...error.toBody(), status: 'error', details: error.message, output: null });
    }
  });

  app.put(`${base}/:id`, async (request) => {
    const { appId, entity, id } = request.params as Params;
    if (entity === 'User' && id === 'me') {
      requireApp(state, appId);
      const { user } = requireMember(state, appId, callerOf(state, request));
      const patch = recordPatch(request.body);
      // Every way of writing a field is filtered, `$inc` too: a protected field that is missing or numeric must not
      // be created or changed through it.
      for (const field of USER_PROTECTED) {
        delete patch.set[field];
        delete patch.inc[field];
      }
      patch.unset = patch.unset.filter((f) => !USER_PROTECTED.has(f));
      return state.entities.update(appId, 'User', user.id, patch);
    }
    const { access } = open(request);
    const patch = recordPatch(request.body);
    if (entity === 'User') {
      delete patch.set.email;
      if ('role' in patch.set && !ROLES.has(patch.set.role as string))
        throw new BadRequestError('role must be admin or user');
    }
    // RLS first, so that a record the caller may not see answers 404 whatever the patch holds.
    if (access) access.require('update', state.entities.get(appId, entity, id));
    return state.entities.update(
      appId,
      entity,
      id,
      patch,
      access ? (b, a) => access.checkUpdate(b, a) : undefined,
    );
  });

  app.delete(`${base}/:id`, async (request) => {
    const { appId, entity, id } = request.params as Params;
    const { access } = open(request);
    if (access) access.require('delete', state.entities.get(appId, entity, id));
    state.entities.delete(appId, entity, id);
    return { success: true };
  });

  app.delete(base, async (request) => {
    const { appId, entity, access } = open(request, 'never');
    if (request.body === undefined)
      throw new BadRequestError('deleteMany needs a JSON filter body ({} deletes all)', 'invalid_body');
    const where = compileFilter(request.body);
    // Only records the caller may both read and delete; the others are left alone, silently.
    const doomed = bothOf(access?.visible('delete') ?? null, where)!;
    if (!usesRegex(where))
      return { success: true, deleted: state.entities.deleteMany(appId, entity, doomed) };
    // Match within the budget first, then delete outside it: a timeout must never interrupt the transaction.
    const all = { sort: DEFAULT_SORT, limit: null, skip: 0, fields: null };
    const ids = new Set(
      budgeted(appId, entity, () => state.entities.list(appId, entity, doomed, all)).map((r) => r.id),
    );
    return {
      success: true,
      deleted: state.entities.deleteMany(appId, entity, (record) => ids.has(record.id)),
    };
  });
}
