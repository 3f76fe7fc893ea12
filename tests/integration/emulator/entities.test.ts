import { describe, expect, it } from 'vitest';
import { emulatorPerFile, entities, q, type Running, SERVICE_TOKEN } from './emulator-harness.ts';

let h: Running;
let token: string;

const ITEMS = [
  { name: 'alpha', n: 5, tags: ['red', 'blue'], stage: 'New', nested: { city: 'Leeds' } },
  { name: 'beta', n: 10, tags: ['green'], stage: 'Contacted', nested: { city: 'York' } },
  { name: 'gamma', n: 1, tags: [], stage: 'Converted', note: null },
  { name: 'Delta', n: 7, stage: 'Lost', extra: true },
];

emulatorPerFile(async (started) => {
  h = started;
  token = await h.tokenOf('user');
  const bulk = await h.call('POST', entities('Item', '/bulk'), { token, body: ITEMS });
  expect(bulk.status).toBe(200);
});

const names = (rows: { name: string }[]) => rows.map((r) => r.name);
const filter = async (query: unknown, extra = '') => {
  const answer = await h.call('GET', `${entities('Item')}?${q(query)}${extra}`, { token });
  expect(answer.status, answer.text).toBe(200);
  return names(answer.body).sort();
};

describe('entity CRUD', () => {
  it('creates a record with id, dates and author, and reads it back', async () => {
    const created = await h.call('POST', entities('Item'), {
      token,
      body: { name: 'new', id: 'forged', created_by: 'x' },
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ name: 'new', created_by: 'user@example.com' });
    expect(created.body.id).toMatch(/^[0-9a-f]{24}$/);
    expect(created.body.created_date).toBe(created.body.updated_date);
    expect(new Date(created.body.created_date).toISOString()).toBe(created.body.created_date);
    const got = await h.call('GET', entities('Item', `/${created.body.id}`), { token });
    expect(got.body).toEqual(created.body);
  });

  it('updates by partial merge, and deletes', async () => {
    const [first] = (await h.call('GET', `${entities('Item')}?${q({ name: 'alpha' })}`, { token })).body;
    const updated = await h.call('PUT', entities('Item', `/${first.id}`), {
      token,
      body: { n: 6, added: 'yes' },
    });
    expect(updated.body).toMatchObject({
      name: 'alpha',
      n: 6,
      added: 'yes',
      tags: ['red', 'blue'],
      created_date: first.created_date,
    });
    expect(updated.body.updated_date >= first.updated_date).toBe(true);
    const removed = await h.call('DELETE', entities('Item', `/${first.id}`), { token });
    expect(removed.body).toEqual({ success: true });
    expect((await h.call('GET', entities('Item', `/${first.id}`), { token })).status).toBe(404);
  });

  it('supports $set, $unset and $inc in updates', async () => {
    const [first] = (await h.call('GET', `${entities('Item')}?${q({ name: 'beta' })}`, { token })).body;
    const updated = await h.call('PUT', entities('Item', `/${first.id}`), {
      token,
      body: { $inc: { n: 5, fresh: 2 }, $set: { stage: 'Won' }, $unset: ['nested'] },
    });
    expect(updated.body).toMatchObject({ n: 15, fresh: 2, stage: 'Won' });
    expect(updated.body).not.toHaveProperty('nested');
  });

  it('deleteMany deletes what matches and counts it', async () => {
    const answer = await h.call('DELETE', entities('Item'), { token, body: { n: { $gt: 4 } } });
    expect(answer.body).toEqual({ success: true, deleted: 3 });
    expect(names((await h.call('GET', entities('Item'), { token })).body)).toEqual(['gamma']);
  });

  it('count answers {count} with and without q', async () => {
    expect((await h.call('GET', entities('Item', '/count'), { token })).body).toEqual({ count: 4 });
    expect(
      (await h.call('GET', `${entities('Item', '/count')}?${q({ n: { $lt: 6 } })}`, { token })).body,
    ).toEqual({ count: 2 });
  });

  it('creates a collection on first write, and answers 404 for one never written', async () => {
    expect((await h.call('GET', entities('Fresh'), { token })).status).toBe(404);
    expect((await h.call('POST', entities('Fresh'), { token, body: { a: 1 } })).status).toBe(200);
    expect((await h.call('GET', entities('Fresh'), { token })).body).toHaveLength(1);
  });

  it('bulk create is all or nothing', async () => {
    const answer = await h.call('POST', entities('Item', '/bulk'), {
      token,
      body: [{ name: 'ok' }, 'not an object'],
    });
    expect(answer.status).toBe(400);
    expect((await h.call('GET', entities('Item', '/count'), { token })).body.count).toBe(4);
  });
});

describe('filter operators', () => {
  it.each([
    ['equality', { stage: 'New' }, ['alpha']],
    ['equality on an array field', { tags: 'green' }, ['beta']],
    ['dotted path', { 'nested.city': 'York' }, ['beta']],
    ['$eq', { n: { $eq: 7 } }, ['Delta']],
    ['$ne', { stage: { $ne: 'New' } }, ['Delta', 'beta', 'gamma']],
    ['$gt', { n: { $gt: 5 } }, ['Delta', 'beta']],
    ['$gte', { n: { $gte: 5 } }, ['Delta', 'alpha', 'beta']],
    ['$lt', { n: { $lt: 5 } }, ['gamma']],
    ['$lte', { n: { $lte: 5 } }, ['alpha', 'gamma']],
    ['$gt on strings', { name: { $gt: 'b' } }, ['beta', 'gamma']],
    ['$in', { stage: { $in: ['New', 'Lost'] } }, ['Delta', 'alpha']],
    ['$nin', { stage: { $nin: ['New', 'Lost'] } }, ['beta', 'gamma']],
    ['$exists true', { extra: { $exists: true } }, ['Delta']],
    ['$exists false', { tags: { $exists: false } }, ['Delta']],
    ['$exists true on a null value', { note: { $exists: true } }, ['gamma']],
    ['$regex', { name: { $regex: '^[ab]' } }, ['alpha', 'beta']],
    ['$regex with $options i', { name: { $regex: '^d', $options: 'i' } }, ['Delta']],
    ['$and', { $and: [{ n: { $gt: 1 } }, { n: { $lt: 7 } }] }, ['alpha']],
    ['$or', { $or: [{ name: 'alpha' }, { n: 1 }] }, ['alpha', 'gamma']],
    ['$not (field level)', { n: { $not: { $gt: 5 } } }, ['alpha', 'gamma']],
    ['$not (top level)', { $not: { stage: 'New' } }, ['Delta', 'beta', 'gamma']],
    ['range on mixed operators', { n: { $gte: 5, $lt: 10 } }, ['Delta', 'alpha']],
    ['no match', { name: 'zeta' }, []],
  ])('%s', async (_label, query, expected) => {
    expect(await filter(query)).toEqual([...expected].sort());
  });

  it('decodes q sent with + for spaces', async () => {
    await h.call('POST', entities('Item'), { token, body: { name: 'two words' } });
    const raw = `q=${encodeURIComponent(JSON.stringify({ name: 'two words' })).replace(/%20/g, '+')}`;
    expect(names((await h.call('GET', `${entities('Item')}?${raw}`, { token })).body)).toEqual(['two words']);
  });
});

describe('sort, limit, skip, fields', () => {
  it('defaults to newest first', async () => {
    const rows = (await h.call('GET', entities('Item'), { token })).body;
    expect(names(rows)).toEqual(['Delta', 'gamma', 'beta', 'alpha']);
  });

  it('sorts ascending and descending by a field', async () => {
    expect(names((await h.call('GET', `${entities('Item')}?sort=n`, { token })).body)).toEqual([
      'gamma',
      'alpha',
      'Delta',
      'beta',
    ]);
    expect(names((await h.call('GET', `${entities('Item')}?sort=-n`, { token })).body)).toEqual([
      'beta',
      'Delta',
      'alpha',
      'gamma',
    ]);
    expect(names((await h.call('GET', `${entities('Item')}?sort=created_date`, { token })).body)).toEqual([
      'alpha',
      'beta',
      'gamma',
      'Delta',
    ]);
  });

  it('applies limit and skip after sorting and filtering', async () => {
    expect(names((await h.call('GET', `${entities('Item')}?sort=n&limit=2`, { token })).body)).toEqual([
      'gamma',
      'alpha',
    ]);
    expect(names((await h.call('GET', `${entities('Item')}?sort=n&limit=2&skip=1`, { token })).body)).toEqual(
      ['alpha', 'Delta'],
    );
    expect(names((await h.call('GET', `${entities('Item')}?skip=3`, { token })).body)).toEqual(['alpha']);
    const filtered = await h.call(
      'GET',
      `${entities('Item')}?${q({ n: { $gt: 1 } })}&sort=-n&limit=1&skip=1`,
      { token },
    );
    expect(names(filtered.body)).toEqual(['Delta']);
  });

  it('pages agree with the full sort, ties and deletions included (300 records)', async () => {
    const rows = Array.from({ length: 300 }, (_, i) => ({
      name: `r${i}`,
      score: (i * 37) % 23,
      group: i % 3,
    }));
    const created = (await h.call('POST', entities('Many', '/bulk'), { token, body: rows })).body;
    for (const gone of created.slice(100, 110))
      await h.call('DELETE', entities('Many', `/${gone.id}`), { token });
    for (const sort of ['-score', 'score', 'group,-score', '-created_date', 'created_date']) {
      const full = names((await h.call('GET', `${entities('Many')}?sort=${sort}`, { token })).body);
      expect(full).toHaveLength(290);
      const page = names(
        (await h.call('GET', `${entities('Many')}?sort=${sort}&limit=20&skip=7`, { token })).body,
      );
      expect(page).toEqual(full.slice(7, 27));
      const query = `${q({ group: 1 })}&sort=${sort}`;
      const filtered = names((await h.call('GET', `${entities('Many')}?${query}`, { token })).body);
      const filteredPage = names(
        (await h.call('GET', `${entities('Many')}?${query}&limit=5&skip=3`, { token })).body,
      );
      expect(filteredPage).toEqual(filtered.slice(3, 8));
    }
  });

  it('returns only the requested fields (and id)', async () => {
    const rows = (await h.call('GET', `${entities('Item')}?fields=name,n&sort=n&limit=1`, { token })).body;
    expect(rows).toEqual([{ id: expect.any(String), name: 'gamma', n: 1 }]);
  });
});

describe('import', () => {
  const importFile = (content: string, name: string, type: string) => {
    const form = new FormData();
    form.append('file', new Blob([content], { type }), name);
    return h.call('POST', entities('Lead', '/import'), { token, raw: form });
  };

  it('imports CSV with quoted cells', async () => {
    const answer = await importFile(
      'name,phone,score,note\n"Smith, Jo",02079460321,12,"said ""hi"""\nLee,,3,\n',
      'leads.csv',
      'text/csv',
    );
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.status).toBe('success');
    expect(answer.body.output).toHaveLength(2);
    expect(answer.body.output[0]).toMatchObject({
      name: 'Smith, Jo',
      phone: '02079460321',
      score: 12,
      note: 'said "hi"',
    });
    expect(answer.body.output[1]).not.toHaveProperty('phone');
  });

  it('imports a JSON array', async () => {
    const answer = await importFile(
      JSON.stringify([{ name: 'A' }, { name: 'B' }]),
      'leads.json',
      'application/json',
    );
    expect(answer.body).toMatchObject({ status: 'success' });
    expect((await h.call('GET', entities('Lead', '/count'), { token })).body.count).toBe(2);
  });

  it('answers status error for a broken file and stores nothing', async () => {
    const answer = await importFile('[{"name": ', 'x.json', 'application/json');
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ status: 'error', output: null });
    expect((await h.call('GET', entities('Lead'), { token })).status).toBe(404);
  });
});

describe('User entity', () => {
  it('me answers the signed-in user with its role, and updateMe merges but keeps role and e-mail', async () => {
    const me = await h.call('GET', entities('User', '/me'), { token });
    expect(me.body).toMatchObject({ email: 'user@example.com', role: 'user' });
    const updated = await h.call('PUT', entities('User', '/me'), {
      token,
      body: { phone: '0207', role: 'admin', email: 'x@y.z' },
    });
    expect(updated.body).toMatchObject({ phone: '0207', role: 'user', email: 'user@example.com' });
  });

  it('me without a token is 401; an unknown token is 401', async () => {
    expect((await h.call('GET', entities('User', '/me'))).status).toBe(401);
    expect((await h.call('GET', entities('User', '/me'), { token: 'nope' })).status).toBe(401);
  });

  it('only admins and the service role list users', async () => {
    expect((await h.call('GET', entities('User'), { token })).status).toBe(403);
    const admin = await h.tokenOf('admin');
    expect((await h.call('GET', entities('User'), { token: admin })).body).toHaveLength(2);
    expect((await h.call('GET', entities('User'), { token: SERVICE_TOKEN })).body).toHaveLength(2);
    expect((await h.call('POST', entities('User'), { token: admin, body: { email: 'a@b.c' } })).status).toBe(
      403,
    );
  });
});
