import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EmulatorContext } from '../context.ts';
import { ApiError, BadRequestError, ForbiddenError } from '../errors.ts';
import { type Caller, callerOf, requireAdmin, requireApp, requireMember } from '../http/caller.ts';
import { readNamedParams } from '../http/named-params.ts';
import { compileFilter, type Predicate, parseQueryParam, usesRegex } from '../query/filter.ts';
import { DEFAULT_SORT, parseListOptions } from '../query/list-options.ts';
import { withinRegexBudget } from '../query/time-budget.ts';
import type { Author } from '../state/entity-store.ts';
import { checkEntityName, recordData, recordPatch } from '../state/record-data.ts';
import { parseImportFile } from './import-file.ts';

type Params = { appId: string; entity: string; id: string };
type Query = Record<string, unknown>;

/** At most this many records per bulk create. */
export const BULK_LIMIT = 5_000;
const USER_PROTECTED = new Set(['email', 'role', 'created_by', 'created_by_id']);
const ROLES = new Set(['admin', 'user']);

function author(caller: Caller): Author {
  if (caller.account) return { id: caller.account.id, email: caller.account.email };
  return { id: null, email: caller.service ? 'service' : null };
}

/** The Entities rows of the contract, plus `count` (sent by the reference client). */
export function registerEntityRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const { state } = ctx;
  const base = '/api/apps/:appId/entities/:entity';

  // Validates the app and entity name, and guards the User entity (e-mails and roles: admins and the service role).
  function open(
    request: FastifyRequest,
    userAccess: 'admin' | 'never' = 'admin',
  ): { appId: string; entity: string; caller: Caller } {
    const { appId, entity } = request.params as Params;
    requireApp(state, appId);
    checkEntityName(entity);
    const caller = callerOf(state, request);
    if (entity === 'User') {
      if (userAccess === 'never')
        throw new ForbiddenError('Users are added through register or invite-user, and removed one by one');
      requireAdmin(state, appId, caller);
    }
    return { appId, entity, caller };
  }

  // A filter with a caller's `$regex` runs within a time budget. The collection is loaded first, outside it, so a
  // timeout can only cut in-memory matching short (never a database read).
  function filtered<T>(appId: string, entity: string, where: Predicate | null, read: () => T): T {
    if (!usesRegex(where)) return read();
    state.entities.count(appId, entity, null);
    return withinRegexBudget(read);
  }

  app.get(base, async (request) => {
    const { appId, entity } = open(request);
    const query = request.query as Query;
    const where = parseQueryParam(query.q);
    const options = parseListOptions(query);
    return filtered(appId, entity, where, () => state.entities.list(appId, entity, where, options));
  });

  app.get(`${base}/count`, async (request) => {
    const { appId, entity } = open(request);
    const where = parseQueryParam((request.query as Query).q);
    return { count: filtered(appId, entity, where, () => state.entities.count(appId, entity, where)) };
  });

  app.get(`${base}/:id`, async (request) => {
    const { appId, entity, id } = request.params as Params;
    if (entity === 'User' && id === 'me') {
      requireApp(state, appId);
      return requireMember(state, appId, callerOf(state, request)).user;
    }
    open(request);
    return state.entities.get(appId, entity, id);
  });

  app.post(base, async (request) => {
    const { appId, entity, caller } = open(request, 'never');
    return state.entities.create(appId, entity, recordData(request.body), author(caller));
  });

  app.post(`${base}/bulk`, async (request) => {
    const { appId, entity, caller } = open(request, 'never');
    if (!Array.isArray(request.body))
      throw new BadRequestError('bulk needs a JSON array of records', 'invalid_body');
    if (request.body.length > BULK_LIMIT)
      throw new BadRequestError(`bulk accepts at most ${BULK_LIMIT} records`, 'invalid_body');
    const items = request.body.map((item, i) => recordData(item, `Record ${i}`));
    return state.entities.createMany(appId, entity, items, author(caller));
  });

  app.post(`${base}/import`, async (request, reply) => {
    const { appId, entity, caller } = open(request, 'never');
    if (!request.isMultipart())
      throw new BadRequestError('import needs a multipart body with a file field', 'invalid_body');
    try {
      const { files } = await readNamedParams(request, 'import');
      const file = files.file;
      if (!file) throw new BadRequestError('import needs a multipart field named file', 'invalid_body');
      const items = parseImportFile(file).map((item, i) => recordData(item, `Record ${i + 1}`));
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
      for (const field of USER_PROTECTED) delete patch.set[field];
      patch.unset = patch.unset.filter((f) => !USER_PROTECTED.has(f));
      return state.entities.update(appId, 'User', user.id, patch);
    }
    open(request);
    const patch = recordPatch(request.body);
    if (entity === 'User') {
      delete patch.set.email;
      if ('role' in patch.set && !ROLES.has(patch.set.role as string))
        throw new BadRequestError('role must be admin or user');
    }
    return state.entities.update(appId, entity, id, patch);
  });

  app.delete(`${base}/:id`, async (request) => {
    const { appId, entity, id } = request.params as Params;
    open(request);
    state.entities.delete(appId, entity, id);
    return { success: true };
  });

  app.delete(base, async (request) => {
    const { appId, entity } = open(request, 'never');
    if (request.body === undefined)
      throw new BadRequestError('deleteMany needs a JSON filter body ({} deletes all)', 'invalid_body');
    const where = compileFilter(request.body);
    if (!usesRegex(where)) return { success: true, deleted: state.entities.deleteMany(appId, entity, where) };
    // Match within the budget first, then delete outside it: a timeout must never interrupt the transaction.
    const all = { sort: DEFAULT_SORT, limit: null, skip: 0, fields: ['id'] };
    const ids = new Set(
      filtered(appId, entity, where, () => state.entities.list(appId, entity, where, all)).map((r) => r.id),
    );
    return {
      success: true,
      deleted: state.entities.deleteMany(appId, entity, (record) => ids.has(record.id)),
    };
  });
}
