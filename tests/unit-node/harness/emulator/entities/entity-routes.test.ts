/**
 * The entity routes of the contract, called in process: the app and entity name checks, the User entity's rules
 * (admins and the service role; `me` for every member; users are never created or bulk-deleted here), who a record's
 * author is, bulk and import limits and their error shapes, and for declared entities the schema and row-level
 * security (a record the caller may not read answers 404, one it may read but not change 403; lists never 403).
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DeclaredEntities } from '../../../../../host-harness/src/emulator/entities/declared-entities.ts';
import { ACCOUNT_IDS, APP, accessApp, answered, declaredEntities, EMAILS, entities } from '../access-app.ts';
import { type CallOptions, type FeatureApp, multipart } from '../feature-app.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const DATE = expect.stringMatching(/^\d{4}-\d\d-\d\dT/);
const ID = expect.stringMatching(/^[0-9a-f]{24}$/);
const USERS_NEVER = {
  status: 403,
  body: {
    message: 'Users are added through register or invite-user, and removed one by one',
    code: 'forbidden',
  },
};
const ADMIN_ONLY = {
  status: 403,
  body: { message: 'Only an admin of this app can do this', code: 'forbidden' },
};
const NOT_REGISTERED = {
  status: 403,
  body: {
    message: 'User not registered for this app',
    code: 'user_not_registered',
    extra_data: { reason: 'user_not_registered' },
  },
};
const SIGN_IN = { status: 401, body: { message: 'Authentication required', code: 'auth_required' } };

let declared: DeclaredEntities;
let running: FeatureApp;

beforeAll(() => {
  declared = declaredEntities();
});
beforeEach(async () => {
  running = await accessApp({ declared });
});
afterEach(async () => {
  await running.close();
});

const call = (method: Method, url: string, opts: CallOptions = {}) => running.call(method, url, opts);
const q = (filter: unknown) => `q=${encodeURIComponent(JSON.stringify(filter))}`;

/** Creates records of an entity as the service role and answers them. */
async function seed(entity: string, items: Record<string, unknown>[]) {
  const answer = await call('POST', entities(entity, '/bulk'), { as: 'service', body: items });
  expect(answer.status).toBe(200);
  return answer.body as Record<string, unknown>[];
}

/** The statuses four callers get for one call. */
async function statusesOf(request: (opts: CallOptions) => Promise<{ status: number }>) {
  const out: Record<string, number> = {};
  for (const [who, opts] of [
    ['anonymous', {}],
    ['user', { as: 'user' }],
    ['admin', { as: 'admin' }],
    ['service', { as: 'service' }],
  ] as const)
    out[who] = (await request(opts)).status;
  return out;
}

/** Every route, on `entity`, with a body each accepts. */
function everyRoute(entity: string, appId = APP): [Method, string, CallOptions][] {
  const file = multipart([{ name: 'file', value: '[{"a":1}]', filename: 'rows.json' }]);
  return [
    ['GET', entities(entity, '', appId), {}],
    ['GET', entities(entity, '/count', appId), {}],
    ['GET', entities(entity, '/x1', appId), {}],
    ['POST', entities(entity, '', appId), { body: { a: 1 } }],
    ['POST', entities(entity, '/bulk', appId), { body: [{ a: 1 }] }],
    ['POST', entities(entity, '/import', appId), { payload: file.payload, headers: file.headers }],
    ['PUT', entities(entity, '/x1', appId), { body: { a: 2 } }],
    ['DELETE', entities(entity, '/x1', appId), {}],
    ['DELETE', entities(entity, '', appId), { body: {} }],
  ];
}

describe('the app, the entity name and the User entity, checked first', () => {
  it('answers 404 app_not_found for an unknown app on every route, User/me included', async () => {
    const unknown = { status: 404, body: { message: 'App no-such-app not found', code: 'app_not_found' } };
    for (const [method, url, opts] of everyRoute('Thing', 'no-such-app'))
      expect(answered(await call(method, url, { ...opts, as: 'service' })), `${method} ${url}`).toStrictEqual(
        unknown,
      );
    for (const method of ['GET', 'PUT'] as const)
      expect(
        answered(await call(method, entities('User', '/me', 'no-such-app'), { as: 'user', body: { a: 1 } })),
        method,
      ).toStrictEqual(unknown);
  });

  it('answers 400 invalid_entity_name for a name that is not one, on every route', async () => {
    const invalid = {
      status: 400,
      body: {
        message:
          'Invalid entity name: "1Thing". Names start with a letter and contain only letters, digits and _ (64 at most).',
        code: 'invalid_entity_name',
      },
    };
    for (const [method, url, opts] of everyRoute('1Thing'))
      expect(answered(await call(method, url, { ...opts, as: 'service' })), `${method} ${url}`).toStrictEqual(
        invalid,
      );
  });

  it('never creates, imports or bulk-deletes User records here, not even for the service role', async () => {
    for (const [method, url, opts] of everyRoute('User').filter(
      ([m, u]) => m === 'POST' || (m === 'DELETE' && !u.endsWith('x1')),
    ))
      for (const as of ['admin', 'service'] as const)
        expect(answered(await call(method, url, { ...opts, as })), `${method} ${url} ${as}`).toStrictEqual(
          USERS_NEVER,
        );
    expect((await call('GET', entities('User', '/count'), { as: 'service' })).body).toStrictEqual({
      count: 2,
    });
  });

  it('lets only admins and the service role list, count, read, change and delete User records', async () => {
    const path = entities('User', `/${ACCOUNT_IDS.user}`);
    for (const [method, url, body] of [
      ['GET', entities('User'), undefined],
      ['GET', entities('User', '/count'), undefined],
      ['GET', path, undefined],
      ['PUT', path, { team: 'red' }],
    ] as const) {
      expect(answered(await call(method, url, { body })), `${method} ${url}`).toStrictEqual(SIGN_IN);
      expect(answered(await call(method, url, { as: 'outsider', body })), `${method} ${url}`).toStrictEqual(
        NOT_REGISTERED,
      );
      expect(answered(await call(method, url, { as: 'user', body })), `${method} ${url}`).toStrictEqual(
        ADMIN_ONLY,
      );
      expect((await call(method, url, { as: 'admin', body })).status, `${method} ${url}`).toBe(200);
      expect((await call(method, url, { as: 'service', body })).status, `${method} ${url}`).toBe(200);
    }
    expect((await call('GET', entities('User', '/count'), { as: 'admin' })).body).toStrictEqual({ count: 2 });
    expect(answered(await call('DELETE', path, { as: 'user' }))).toStrictEqual(ADMIN_ONLY);
    expect(answered(await call('DELETE', path, { as: 'admin' }))).toStrictEqual({
      status: 200,
      body: { success: true },
    });
    expect((await call('GET', entities('User', '/count'), { as: 'admin' })).body).toStrictEqual({ count: 1 });
  });
});

describe('User/me', () => {
  it('answers the signed-in member’s own record: 401 anonymous or unknown token, 403 outside the app', async () => {
    expect(answered(await call('GET', entities('User', '/me')))).toStrictEqual(SIGN_IN);
    expect(answered(await call('GET', entities('User', '/me'), { token: 'nope' }))).toStrictEqual(SIGN_IN);
    expect(answered(await call('GET', entities('User', '/me'), { as: 'outsider' }))).toStrictEqual(
      NOT_REGISTERED,
    );
    const mine = await call('GET', entities('User', '/me'), { as: 'user' });
    expect(answered(mine)).toStrictEqual({ status: 200, body: running.state.member(APP, ACCOUNT_IDS.user) });
    expect(mine.body).toMatchObject({ id: ACCOUNT_IDS.user, email: EMAILS.user, role: 'user' });
  });

  it('lets a member change their own record, except e-mail and role, however a patch writes them', async () => {
    const before = running.state.member(APP, ACCOUNT_IDS.user)!;
    const put = (body: unknown, opts: CallOptions = { as: 'user' }) =>
      call('PUT', entities('User', '/me'), { ...opts, body });
    const answer = await put({
      full_name: 'Renamed',
      team: 'red',
      email: 'taken@example.com',
      role: 'admin',
      $set: { email: 'set@example.com', role: 'admin', city: 'Leeds' },
      $inc: { email: 1, role: 1, score: 2 },
    });
    expect(answered(answer)).toStrictEqual({
      status: 200,
      body: {
        ...before,
        full_name: 'Renamed',
        team: 'red',
        city: 'Leeds',
        score: 2,
        updated_date: DATE,
      },
    });
    const unset = await put({ $unset: ['email', 'role', 'team', 'created_by', 'created_by_id'] });
    const { team: _team, ...kept } = answer.body;
    expect(unset.body).toStrictEqual({ ...kept, updated_date: DATE });
    expect(running.state.member(APP, ACCOUNT_IDS.user)).toStrictEqual(unset.body);
    expect(answered(await put({ a: 1 }, {}))).toStrictEqual(SIGN_IN);
    expect(answered(await put({ a: 1 }, { as: 'outsider' }))).toStrictEqual(NOT_REGISTERED);
  });

  it('is the path of a record named me in any other entity', async () => {
    await call('POST', entities('Thing'), { body: { a: 1 } });
    const notFound = {
      status: 404,
      body: { message: 'Thing record me not found', code: 'record_not_found' },
    };
    expect(answered(await call('GET', entities('Thing', '/me'), { as: 'user' }))).toStrictEqual(notFound);
    expect(
      answered(await call('PUT', entities('Thing', '/me'), { as: 'user', body: { a: 2 } })),
    ).toStrictEqual(notFound);
  });
});

describe('User records changed by an admin', () => {
  const path = entities('User', `/${ACCOUNT_IDS.user}`);

  it('keeps the e-mail, and sets a role only to admin or user', async () => {
    const answer = await call('PUT', path, {
      as: 'admin',
      body: { email: 'new@example.com', role: 'admin' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ email: EMAILS.user, role: 'admin' });
    expect((await call('PUT', path, { as: 'admin', body: { role: 'user' } })).body.role).toBe('user');
    for (const role of ['owner', 5, null])
      expect(
        answered(await call('PUT', path, { as: 'service', body: { role } })),
        String(role),
      ).toStrictEqual({
        status: 400,
        body: { message: 'role must be admin or user', code: 'bad_request' },
      });
    expect(running.state.member(APP, ACCOUNT_IDS.user)).toMatchObject({ email: EMAILS.user, role: 'user' });
  });

  it('leaves e-mail and role alone in other entities', async () => {
    const [thing] = await seed('Thing', [{ email: 'a@example.com', role: 'x' }]);
    const answer = await call('PUT', entities('Thing', `/${thing!.id}`), {
      body: { email: 'b@example.com', role: 'owner' },
    });
    expect(answer.body).toMatchObject({ email: 'b@example.com', role: 'owner' });
  });
});

describe('lenient entities (not declared)', () => {
  it('records who wrote each record: the account, the service role, or nobody', async () => {
    const by = async (opts: CallOptions) => {
      const answer = await call('POST', entities('Thing'), {
        ...opts,
        body: { a: 1, id: 'x', created_by: 'me' },
      });
      expect(answer.status).toBe(200);
      return [answer.body.created_by, answer.body.created_by_id];
    };
    expect(await by({ as: 'user' })).toStrictEqual([EMAILS.user, ACCOUNT_IDS.user]);
    expect(await by({ as: 'service' })).toStrictEqual(['service', null]);
    expect(await by({})).toStrictEqual([null, null]);
    const token = running.state.accounts.issueToken(ACCOUNT_IDS.admin);
    expect(await by({ as: 'service', headers: { 'on-behalf-of': `Bearer ${token}` } })).toStrictEqual([
      EMAILS.admin,
      ACCOUNT_IDS.admin,
    ]);
    const created = await call('POST', entities('Thing'), { as: 'user', body: { a: 1 } });
    expect(created.body).toStrictEqual({
      id: ID,
      a: 1,
      created_date: DATE,
      updated_date: DATE,
      created_by: EMAILS.user,
      created_by_id: ACCOUNT_IDS.user,
    });
    expect(answered(await call('GET', entities('Thing', `/${created.body.id}`)))).toStrictEqual({
      status: 200,
      body: created.body,
    });
  });

  it('refuses a record that is not a JSON object', async () => {
    expect(answered(await call('POST', entities('Thing'), { body: [1] }))).toStrictEqual({
      status: 400,
      body: { message: 'The record must be a JSON object', code: 'invalid_body' },
    });
  });

  it('answers 404 for a collection never written, and for a missing record', async () => {
    expect(answered(await call('GET', entities('Thing')))).toStrictEqual({
      status: 404,
      body: { message: `Entity Thing not found in app ${APP}`, code: 'entity_not_found' },
    });
    await seed('Thing', [{ a: 1 }]);
    const missing = {
      status: 404,
      body: { message: 'Thing record nope not found', code: 'record_not_found' },
    };
    expect(answered(await call('GET', entities('Thing', '/nope')))).toStrictEqual(missing);
    expect(answered(await call('PUT', entities('Thing', '/nope'), { body: { a: 2 } }))).toStrictEqual(
      missing,
    );
    expect(answered(await call('DELETE', entities('Thing', '/nope')))).toStrictEqual(missing);
  });

  it('lists and counts with a filter and list options', async () => {
    await seed('Thing', [{ n: 1 }, { n: 2 }, { n: 3 }]);
    const list = await call('GET', `${entities('Thing')}?${q({ n: { $gte: 2 } })}&sort=n&fields=n`);
    expect(list.body).toStrictEqual([
      { id: ID, n: 2 },
      { id: ID, n: 3 },
    ]);
    expect((await call('GET', `${entities('Thing')}?sort=-n&limit=1`)).body).toMatchObject([{ n: 3 }]);
    expect((await call('GET', `${entities('Thing', '/count')}?${q({ n: { $gte: 2 } })}`)).body).toStrictEqual(
      {
        count: 2,
      },
    );
    expect((await call('GET', entities('Thing', '/count'))).body).toStrictEqual({ count: 3 });
    expect(answered(await call('GET', `${entities('Thing')}?q=nope`))).toStrictEqual({
      status: 400,
      body: { message: 'q is not valid JSON', code: 'invalid_query' },
    });
  });

  it('updates any field and deletes a record by id', async () => {
    const [thing] = await seed('Thing', [{ n: 1 }]);
    const path = entities('Thing', `/${thing!.id}`);
    expect((await call('PUT', path, { body: { n: 'text', $inc: { m: 1 } } })).body).toMatchObject({
      n: 'text',
      m: 1,
    });
    expect(answered(await call('DELETE', path))).toStrictEqual({ status: 200, body: { success: true } });
    expect((await call('GET', path)).status).toBe(404);
  });

  it('deletes what a filter matches; needs a filter body', async () => {
    await seed('Thing', [{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(answered(await call('DELETE', entities('Thing')))).toStrictEqual({
      status: 400,
      body: { message: 'deleteMany needs a JSON filter body ({} deletes all)', code: 'invalid_body' },
    });
    expect((await call('DELETE', entities('Thing'), { body: { n: 2 } })).body).toStrictEqual({
      success: true,
      deleted: 1,
    });
    expect(
      (await call('DELETE', entities('Thing'), { body: { n: { $regex: '^[13]$' } } })).body,
    ).toStrictEqual({
      success: true,
      deleted: 0,
    });
    expect((await call('DELETE', entities('Thing'), { body: { t: { $regex: '^a' } } })).body).toStrictEqual({
      success: true,
      deleted: 0,
    });
    await seed('Thing', [{ t: 'ab' }, { t: 'ba' }]);
    expect((await call('DELETE', entities('Thing'), { body: { t: { $regex: '^a' } } })).body).toStrictEqual({
      success: true,
      deleted: 1,
    });
    expect((await call('GET', `${entities('Thing')}?sort=created_date&fields=n,t`)).body).toStrictEqual([
      { id: ID, n: 1 },
      { id: ID, n: 3 },
      { id: ID, t: 'ba' },
    ]);
    expect((await call('DELETE', entities('Thing'), { body: {} })).body).toStrictEqual({
      success: true,
      deleted: 3,
    });
  });
});

describe('bulk create', () => {
  it('needs a JSON array of at most 5000 records, each an object; all or nothing', async () => {
    expect(answered(await call('POST', entities('Thing', '/bulk'), { body: { a: 1 } }))).toStrictEqual({
      status: 400,
      body: { message: 'bulk needs a JSON array of records', code: 'invalid_body' },
    });
    const tooMany = Array.from({ length: 5001 }, () => ({}));
    expect(answered(await call('POST', entities('Thing', '/bulk'), { body: tooMany }))).toStrictEqual({
      status: 400,
      body: { message: 'bulk accepts at most 5000 records', code: 'invalid_body' },
    });
    expect(answered(await call('POST', entities('Thing', '/bulk'), { body: [{ a: 1 }, 'x'] }))).toStrictEqual(
      {
        status: 400,
        body: { message: 'Record 1 must be a JSON object', code: 'invalid_body' },
      },
    );
    expect((await call('GET', entities('Thing'))).status).toBe(404);
    const most = await call('POST', entities('Thing', '/bulk'), {
      body: Array.from({ length: 5000 }, (_, i) => ({ i })),
    });
    expect(most.status).toBe(200);
    expect(most.body).toHaveLength(5000);
    expect((await call('GET', entities('Thing', '/count'))).body).toStrictEqual({ count: 5000 });
  });

  it('records the author of each record', async () => {
    const created = await call('POST', entities('Thing', '/bulk'), {
      as: 'user',
      body: [{ a: 1 }, { a: 2 }],
    });
    expect(
      created.body.map((r: Record<string, unknown>) => [r.a, r.created_by, r.created_by_id]),
    ).toStrictEqual([
      [1, EMAILS.user, ACCOUNT_IDS.user],
      [2, EMAILS.user, ACCOUNT_IDS.user],
    ]);
  });
});

describe('import', () => {
  const importing = (
    entity: string,
    file: { value: string; filename: string } | null,
    opts: CallOptions = {},
  ) => {
    const body = multipart(file ? [{ name: 'file', ...file }] : [{ name: 'note', value: 'no file' }]);
    return call('POST', entities(entity, '/import'), {
      ...opts,
      payload: body.payload,
      headers: body.headers,
    });
  };

  it('needs a multipart body', async () => {
    expect(answered(await call('POST', entities('Thing', '/import'), { body: [{ a: 1 }] }))).toStrictEqual({
      status: 400,
      body: { message: 'import needs a multipart body with a file field', code: 'invalid_body' },
    });
  });

  it('imports CSV rows, recording the author, and says how many', async () => {
    const answer = await importing(
      'Thing',
      { value: 'name,n\nAda,1\nBob,2\n', filename: 'rows.csv' },
      { as: 'user' },
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toStrictEqual({
      status: 'success',
      details: 'Imported 2 Thing records',
      output: [
        {
          id: ID,
          name: 'Ada',
          n: 1,
          created_date: DATE,
          updated_date: DATE,
          created_by: EMAILS.user,
          created_by_id: ACCOUNT_IDS.user,
        },
        {
          id: ID,
          name: 'Bob',
          n: 2,
          created_date: DATE,
          updated_date: DATE,
          created_by: EMAILS.user,
          created_by_id: ACCOUNT_IDS.user,
        },
      ],
    });
    expect((await call('GET', entities('Thing', '/count'))).body).toStrictEqual({ count: 2 });
  });

  it('answers a refused file as status error, with details and no output, and stores nothing', async () => {
    const refused = (message: string, code: string) => ({
      status: 400,
      body: { message, code, status: 'error', details: message, output: null },
    });
    expect(answered(await importing('Thing', null))).toStrictEqual(
      refused('import needs a multipart field named file', 'invalid_body'),
    );
    expect(answered(await importing('Thing', { value: '[{"a":1},2]', filename: 'rows.json' }))).toStrictEqual(
      refused('Record 2 must be a JSON object', 'invalid_body'),
    );
    expect(answered(await importing('Thing', { value: '[]', filename: 'rows.json' }))).toStrictEqual(
      refused('The file holds no records', 'invalid_file'),
    );
    expect((await call('GET', entities('Thing'))).status).toBe(404);
  });
});

describe('declared entities: schema', () => {
  it('checks a new record against the schema and stores it with its defaults', async () => {
    expect(
      answered(await call('POST', entities('Note'), { as: 'user', body: { pinned: true } })),
    ).toStrictEqual({
      status: 400,
      body: { message: 'Note.text is required', code: 'invalid_record', detail: 'Note.text is required' },
    });
    const created = await call('POST', entities('Note'), { as: 'user', body: { text: 'hello', id: 'mine' } });
    expect(answered(created)).toStrictEqual({
      status: 200,
      body: {
        id: ID,
        text: 'hello',
        pinned: false,
        created_date: DATE,
        updated_date: DATE,
        created_by: EMAILS.user,
        created_by_id: ACCOUNT_IDS.user,
      },
    });
  });

  it('checks every record of a bulk create, naming the one refused, before writing any', async () => {
    const answer = await call('POST', entities('Note', '/bulk'), {
      as: 'user',
      body: [{ text: 'ok' }, { text: 'x'.repeat(21) }],
    });
    expect(answered(answer)).toStrictEqual({
      status: 400,
      body: {
        message: 'Record 1: Note.text must NOT have more than 20 characters',
        code: 'invalid_record',
        detail: 'Note.text must NOT have more than 20 characters',
      },
    });
    expect((await call('GET', entities('Note', '/count'), { as: 'service' })).body).toStrictEqual({
      count: 0,
    });
    const created = await call('POST', entities('Note', '/bulk'), {
      as: 'user',
      body: [{ text: 'a' }, { text: 'b' }],
    });
    expect(created.body.map((r: Record<string, unknown>) => [r.text, r.pinned, r.created_by])).toStrictEqual([
      ['a', false, EMAILS.user],
      ['b', false, EMAILS.user],
    ]);
  });

  it('converts and checks imported rows, naming them from 1', async () => {
    const file = (value: string) => multipart([{ name: 'file', value, filename: 'posts.csv' }]);
    const bad = file('title,views\nfirst,1\nsecond,many\n');
    const refused = await call('POST', entities('Post', '/import'), {
      payload: bad.payload,
      headers: bad.headers,
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'invalid_record',
      message: 'Record 2: Post.views must be integer',
      status: 'error',
      details: 'Record 2: Post.views must be integer',
      output: null,
    });
    const good = file('title,views,status\nfirst,5,published\n');
    const imported = await call('POST', entities('Post', '/import'), {
      payload: good.payload,
      headers: good.headers,
    });
    expect(imported.body).toMatchObject({
      status: 'success',
      details: 'Imported 1 Post records',
      output: [{ title: 'first', views: 5, status: 'published', created_by: null }],
    });
  });

  it('checks the record an update would leave, and leaves it unchanged when refused', async () => {
    const [post] = await seed('Post', [{ title: 't', status: 'published', views: 1 }]);
    const path = entities('Post', `/${post!.id}`);
    expect(answered(await call('PUT', path, { body: { $inc: { views: 0.5 } } }))).toStrictEqual({
      status: 400,
      body: {
        message: 'Post.views must be integer',
        code: 'invalid_record',
        detail: 'Post.views must be integer',
      },
    });
    expect((await call('GET', path)).body).toStrictEqual(post);
    expect((await call('PUT', path, { body: { $inc: { views: 2 } } })).body.views).toBe(3);
  });
});

describe('declared entities: row-level security', () => {
  it('creates Order records for the service role only (create: false), one or in bulk or by import', async () => {
    const order = { session_id: 'cs_x', status: 'paid' };
    const denied = {
      status: 403,
      body: { message: 'You are not allowed to create Order records', code: 'permission_denied' },
    };
    for (const as of [undefined, 'user', 'admin'] as const) {
      expect(answered(await call('POST', entities('Order'), { as, body: order })), as).toStrictEqual(denied);
      expect(
        answered(await call('POST', entities('Order', '/bulk'), { as, body: [order] })),
        as,
      ).toStrictEqual(denied);
    }
    // A refusal that is not a 400 keeps the platform's usual shape on import.
    const file = multipart([{ name: 'file', value: JSON.stringify([order]), filename: 'orders.json' }]);
    expect(
      answered(
        await call('POST', entities('Order', '/import'), {
          as: 'admin',
          payload: file.payload,
          headers: file.headers,
        }),
      ),
    ).toStrictEqual(denied);
    const created = await call('POST', entities('Order'), { as: 'service', body: order });
    expect(created.body).toMatchObject({ ...order, created_by: 'service', created_by_id: null });
    expect((await call('GET', entities('Order', '/count'), { as: 'service' })).body).toStrictEqual({
      count: 1,
    });
  });

  it('shows Order records to admins and the service role only; lists and counts never refuse', async () => {
    await seed('Order', [
      { session_id: 'cs_a', status: 'paid' },
      { session_id: 'cs_b', status: 'paid' },
    ]);
    for (const [as, n] of [
      [undefined, 0],
      ['user', 0],
      ['outsider', 0],
      ['admin', 2],
      ['service', 2],
    ] as const) {
      const list = await call('GET', entities('Order'), { as });
      expect([list.status, list.body.length], String(as)).toStrictEqual([200, n]);
      const filtered = await call('GET', `${entities('Order')}?${q({ session_id: 'cs_a' })}`, { as });
      expect(filtered.body.length, String(as)).toBe(n / 2);
      expect((await call('GET', entities('Order', '/count'), { as })).body, String(as)).toStrictEqual({
        count: n,
      });
      const counted = await call('GET', `${entities('Order', '/count')}?${q({ session_id: 'cs_b' })}`, {
        as,
      });
      expect(counted.body, String(as)).toStrictEqual({ count: n / 2 });
    }
  });

  it('answers 404 to a caller who may not read a record, for get, update and delete alike', async () => {
    const [order] = await seed('Order', [{ session_id: 'cs_a', status: 'paid', email_sent: false }]);
    const path = entities('Order', `/${order!.id}`);
    const hidden = {
      status: 404,
      body: { message: `Order record ${order!.id} not found`, code: 'record_not_found' },
    };
    for (const as of [undefined, 'user'] as const) {
      expect(answered(await call('GET', path, { as })), as).toStrictEqual(hidden);
      // Whatever the patch holds: even one the schema refuses.
      expect(answered(await call('PUT', path, { as, body: { status: 'refunded' } })), as).toStrictEqual(
        hidden,
      );
      expect(answered(await call('PUT', path, { as, body: { $inc: { session_id: 1 } } })), as).toStrictEqual(
        hidden,
      );
      expect(answered(await call('DELETE', path, { as })), as).toStrictEqual(hidden);
    }
    expect(answered(await call('GET', path, { as: 'admin' }))).toStrictEqual({ status: 200, body: order });
    expect((await call('PUT', path, { as: 'admin', body: { email_sent: true } })).body.email_sent).toBe(true);
    expect(answered(await call('DELETE', path, { as: 'admin' }))).toStrictEqual({
      status: 200,
      body: { success: true },
    });
    expect((await call('GET', entities('Order', '/count'), { as: 'service' })).body).toStrictEqual({
      count: 0,
    });
  });

  it('answers 403 to a caller who may read a record but not change or delete it', async () => {
    const [ticket] = await seed('Ticket', [{ title: 't', assignee: EMAILS.user, team: 'red' }]);
    const path = entities('Ticket', `/${ticket!.id}`);
    expect((await call('GET', path, { as: 'user' })).status).toBe(200);
    expect((await call('GET', path, { as: 'admin' })).status).toBe(404);
    expect(answered(await call('PUT', path, { as: 'user', body: { title: 'mine' } }))).toStrictEqual({
      status: 403,
      body: { message: 'You are not allowed to update this Ticket record', code: 'permission_denied' },
    });
    expect(answered(await call('DELETE', path, { as: 'user' }))).toStrictEqual({
      status: 403,
      body: { message: 'You are not allowed to delete this Ticket record', code: 'permission_denied' },
    });
    // deleteMany leaves alone, silently, what the caller may read but not delete.
    expect((await call('DELETE', entities('Ticket'), { as: 'user', body: {} })).body).toStrictEqual({
      success: true,
      deleted: 0,
    });
    await call('PUT', entities('User', '/me'), { as: 'user', body: { team: 'red' } });
    expect((await call('GET', path, { as: 'service' })).body.title).toBe('t');
    expect((await call('DELETE', entities('Ticket'), { as: 'user', body: {} })).body).toStrictEqual({
      success: true,
      deleted: 1,
    });
  });

  it('keeps each member to their own Note records (owner rules), and deleteMany to what they own', async () => {
    expect((await call('POST', entities('Note'), { body: { text: 'anon' } })).status).toBe(403);
    expect((await call('POST', entities('Note'), { as: 'outsider', body: { text: 'out' } })).status).toBe(
      403,
    );
    const mine = (await call('POST', entities('Note'), { as: 'user', body: { text: 'mine' } })).body;
    await call('POST', entities('Note'), { as: 'admin', body: { text: 'theirs' } });
    const texts = async (as?: 'user' | 'admin' | 'service') =>
      (await call('GET', entities('Note'), { as })).body.map((n: Record<string, unknown>) => n.text).sort();
    expect(await texts('user')).toStrictEqual(['mine']);
    expect(await texts('admin')).toStrictEqual(['theirs']);
    expect(await texts()).toStrictEqual([]);
    expect(await texts('service')).toStrictEqual(['mine', 'theirs']);
    expect(
      (await call('PUT', entities('Note', `/${mine.id}`), { as: 'user', body: { pinned: true } })).body
        .pinned,
    ).toBe(true);
    expect((await call('DELETE', entities('Note'), { as: 'user', body: {} })).body).toStrictEqual({
      success: true,
      deleted: 1,
    });
    expect(await texts('service')).toStrictEqual(['theirs']);
  });

  it('applies a condition on the record alone to everyone, regex filters included', async () => {
    await seed('Post', [
      { title: 'draft', status: 'draft' },
      { title: 'live', status: 'published' },
      { title: 'lively', status: 'published' },
    ]);
    const regex = q({ title: { $regex: '^d|y$' } });
    expect(
      (await call('GET', `${entities('Post')}?${regex}`)).body.map((p: Record<string, unknown>) => p.title),
    ).toStrictEqual(['lively']);
    expect((await call('GET', `${entities('Post', '/count')}?${regex}`)).body).toStrictEqual({ count: 1 });
    expect(
      (await call('GET', `${entities('Post', '/count')}?${regex}`, { as: 'service' })).body,
    ).toStrictEqual({
      count: 2,
    });
    expect(
      (await call('DELETE', entities('Post'), { body: { title: { $regex: '^d|y$' } } })).body,
    ).toStrictEqual({
      success: true,
      deleted: 1,
    });
    expect((await call('GET', entities('Post', '/count'), { as: 'service' })).body).toStrictEqual({
      count: 2,
    });
  });

  it('lists [] for a declared entity never written', async () => {
    expect(answered(await call('GET', entities('Post')))).toStrictEqual({ status: 200, body: [] });
    expect(await statusesOf((opts) => call('GET', entities('Order', '/count'), opts))).toStrictEqual({
      anonymous: 200,
      user: 200,
      admin: 200,
      service: 200,
    });
  });
});

describe('a $regex that backtracks without end', () => {
  const slow = { name: { $regex: '^(a+)+$' } };
  const timeout = {
    status: 400,
    body: {
      message:
        'The query took longer than 2000 ms: simplify its $regex (nested or repeated quantifiers backtrack without end)',
      code: 'query_timeout',
    },
  };

  it('is cut short in a list, and in a deleteMany, which then deletes nothing', {
    timeout: 15_000,
  }, async () => {
    await seed('Thing', [{ name: `${'a'.repeat(40)}b` }, { name: 'aaa' }]);
    expect(answered(await call('GET', `${entities('Thing')}?${q(slow)}`))).toStrictEqual(timeout);
    expect(answered(await call('DELETE', entities('Thing'), { body: slow }))).toStrictEqual(timeout);
    expect((await call('GET', entities('Thing', '/count'))).body).toStrictEqual({ count: 2 });
  });
});
