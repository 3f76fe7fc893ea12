import { ERROR_CODES } from './constants.ts';
import { RealtimeError } from './errors/realtime-error.ts';
import type { HttpCore, QueryParams } from './http-core.ts';
import type { RealtimeSubscriber } from './realtime-subscriber.ts';
import type {
  DeleteManyResult,
  DeleteResult,
  EntityChangeEvent,
  EntityRecord,
  FilterQuery,
  ImportResult,
  NoSchemas,
  PlatformUser,
  SortKey,
} from './types.ts';

/** Calls on one entity collection, `/apps/{appId}/entities/{Entity}`. */
export interface EntityHandler<T extends EntityRecord = EntityRecord> {
  /** Lists records (GET with `sort`, `limit`, `skip`, `fields` when set). */
  list(sort?: SortKey, limit?: number, skip?: number, fields?: readonly string[]): Promise<T[]>;
  /** Lists records matching `q` (sent as `q=<JSON>`). */
  filter(
    q: FilterQuery,
    sort?: SortKey,
    limit?: number,
    skip?: number,
    fields?: readonly string[],
  ): Promise<T[]>;
  /** Reads one record. */
  get(id: string): Promise<T>;
  /** Creates a record. */
  create(data: Partial<T>): Promise<T>;
  /** Merges `data` into a record (PUT). */
  update(id: string, data: Partial<T>): Promise<T>;
  /** Deletes one record. */
  delete(id: string): Promise<DeleteResult>;
  /** Deletes every record matching `q` (DELETE on the collection with a JSON body). */
  deleteMany(q: FilterQuery): Promise<DeleteManyResult>;
  /** Creates several records at once (POST `/bulk`). */
  bulkCreate(list: readonly Partial<T>[]): Promise<T[]>;
  /** Imports records from a file (multipart, field `file`). */
  importEntities(file: Blob): Promise<ImportResult>;
  /**
   * Joins the realtime room `entities:{appId}:{Entity}` and calls `onChange` for each create/update/delete;
   * `onError` receives socket errors and malformed updates. Returns the unsubscribe function.
   */
  subscribe(onChange: (event: EntityChangeEvent<T>) => void, onError?: (error: Error) => void): () => void;
}

/** The built-in User entity adds the current-user calls. */
export interface UserEntityHandler extends EntityHandler<PlatformUser> {
  /** `GET /entities/User/me`. */
  me(): Promise<PlatformUser>;
  /** `PUT /entities/User/me`. */
  updateMe(data: Partial<PlatformUser>): Promise<PlatformUser>;
}

/** Record types by entity name, declared by the caller: `createPlatformClient<{ Lead: Lead }>(...)`. */
export type EntitySchemas = Record<string, EntityRecord>;

/**
 * Entity collections by name: `entities.Lead.list()`, `entities.User.me()`. Names declared in `S` are typed with
 * their record type; any other name works at runtime and is typed `EntityHandler | undefined` (strict index access).
 */
export type EntitiesClient<S extends EntitySchemas = NoSchemas> = { User: UserEntityHandler } & {
  [K in keyof S]: EntityHandler<S[K]>;
} & { [name: string]: EntityHandler };

/** Builds the optional list parameters; a 0 `limit`/`skip` is not sent, as in the reference client. */
const listQuery = (
  sort?: SortKey,
  limit?: number,
  skip?: number,
  fields?: readonly string[],
): QueryParams => ({
  sort: sort || undefined,
  limit: limit || undefined,
  skip: skip || undefined,
  fields: fields?.length ? fields.join(',') : undefined,
});

/** Creates the handler of one entity collection. */
export function createEntityHandler<T extends EntityRecord = EntityRecord>(
  core: HttpCore,
  name: string,
  realtime?: () => RealtimeSubscriber,
): EntityHandler<T> & { me(): Promise<T>; updateMe(data: Partial<T>): Promise<T> } {
  const base = `/apps/${core.appId}/entities/${encodeURIComponent(name)}`;
  const call = async <R>(
    path: string,
    method?: 'POST' | 'PUT' | 'DELETE',
    body?: unknown,
    query?: QueryParams,
  ) => (await core.request<R>(base + path, { method, body, query })).data;
  const form = (file: Blob) => {
    const data = new FormData();
    data.append('file', file, (file as File).name ?? 'import');
    return data;
  };
  return {
    list: (sort, limit, skip, fields) => call('', undefined, undefined, listQuery(sort, limit, skip, fields)),
    filter: (q, sort, limit, skip, fields) =>
      call('', undefined, undefined, { q: JSON.stringify(q), ...listQuery(sort, limit, skip, fields) }),
    get: (id) => call(`/${encodeURIComponent(id)}`),
    create: (data) => call('', 'POST', data),
    update: (id, data) => call(`/${encodeURIComponent(id)}`, 'PUT', data),
    delete: (id) => call(`/${encodeURIComponent(id)}`, 'DELETE'),
    deleteMany: (q) => call('', 'DELETE', q),
    bulkCreate: (list) => call('/bulk', 'POST', list),
    importEntities: (file) => call('/import', 'POST', form(file)),
    me: () => call('/me'),
    updateMe: (data) => call('/me', 'PUT', data),
    subscribe(onChange, onError) {
      if (!realtime) throw new RealtimeError('Realtime is not available', ERROR_CODES.realtimeUnavailable);
      return realtime().subscribe(`entities:${core.appId}:${name}`, {
        update: (data) => onChange(data as EntityChangeEvent<T>),
        error: onError,
      });
    },
  };
}

/**
 * Creates the entities client: any property is an entity collection by that name, created on first use.
 * Pass `realtime` to enable `subscribe`.
 */
export function createEntitiesClient<S extends EntitySchemas = NoSchemas>(
  core: HttpCore,
  realtime?: () => RealtimeSubscriber,
): EntitiesClient<S> {
  const handlers = new Map<string, EntityHandler>();
  return new Proxy({} as EntitiesClient<S>, {
    get(_target, name) {
      if (typeof name !== 'string' || name === 'then' || name.startsWith('_')) return undefined;
      const handler = handlers.get(name) ?? createEntityHandler(core, name, realtime);
      handlers.set(name, handler);
      return handler;
    },
  });
}
