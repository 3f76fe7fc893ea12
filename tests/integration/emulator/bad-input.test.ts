import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP, type CallOptions, entities, q, type Running, startEmulator } from './emulator-harness.ts';

// docs/security.md, "HTTP faults and nothing lost": bad input gets a 4xx with a clear message, never a 500, and never
// changes stored data.
let h: Running;
let token: string;
let id: string;
let conversationId: string;

async function snapshot(): Promise<string> {
  const items = await h.call('GET', `${entities('Item')}?sort=created_date`, { token });
  const me = await h.call('GET', entities('User', '/me'), { token });
  const conversation = await h.call('GET', `/api/apps/${APP}/agents/conversations/${conversationId}`, {
    token,
  });
  return JSON.stringify([items.body, me.body, conversation.body.messages]);
}

beforeAll(async () => {
  h = await startEmulator();
  token = await h.tokenOf('user');
  const created = await h.call('POST', entities('Item', '/bulk'), {
    token,
    body: [
      { name: 'a', n: 1 },
      { name: 'b', n: 2 },
    ],
  });
  id = created.body[0].id;
  conversationId = (
    await h.call('POST', `/api/apps/${APP}/agents/conversations`, { token, body: { agent_name: 'helper' } })
  ).body.id;
});
afterAll(() => h.close());

const json = (raw: string): CallOptions => ({ raw, headers: { 'content-type': 'application/json' } });
const nested = (depth: number) => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
};
const file = (bytes: number) => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), 'big.bin');
  return { raw: form };
};

type Case = [label: string, method: string, path: () => string, opts: () => CallOptions, status?: number];

const cases: Case[] = [
  ['invalid JSON on create', 'POST', () => entities('Item'), () => json('{"name": '), 400],
  ['invalid JSON on update', 'PUT', () => entities('Item', `/${id}`), () => json('{oops}'), 400],
  ['an array as a record', 'POST', () => entities('Item'), () => ({ body: [1, 2] }), 400],
  ['a string as a record', 'POST', () => entities('Item'), () => json('"text"'), 400],
  ['a number as an update', 'PUT', () => entities('Item', `/${id}`), () => json('42'), 400],
  ['null as a record', 'POST', () => entities('Item'), () => json('null'), 400],
  [
    'text/plain body',
    'POST',
    () => entities('Item'),
    () => ({ raw: 'name=x', headers: { 'content-type': 'text/plain' } }),
    400,
  ],
  [
    'an unsupported media type',
    'POST',
    () => entities('Item'),
    () => ({ raw: '<a/>', headers: { 'content-type': 'application/xml' } }),
    415,
  ],
  ['multipart on a JSON endpoint', 'POST', () => entities('Item'), () => file(10), 400],
  [
    'a JSON body over 1 MB',
    'POST',
    () => entities('Item'),
    () => ({ body: { big: 'x'.repeat(1_100_000) } }),
    413,
  ],
  [
    'a file over 10 MB',
    'POST',
    () => `/api/apps/${APP}/integration-endpoints/Core/UploadFile`,
    () => ({ ...file(10 * 1024 * 1024 + 10), token }),
    413,
  ],
  ['an import over 10 MB', 'POST', () => entities('Item', '/import'), () => file(10 * 1024 * 1024 + 10), 413],
  [
    'an import without a file field',
    'POST',
    () => entities('Item', '/import'),
    () => ({ raw: new FormData() }),
    400,
  ],
  ['a body nested 100 levels deep', 'POST', () => entities('Item'), () => ({ body: nested(100) }), 400],
  ['a __proto__ field', 'POST', () => entities('Item'), () => json('{"__proto__": {"admin": true}}'), 400],
  ['a $ field name', 'POST', () => entities('Item'), () => ({ body: { $where: 'x' } }), 400],
  [
    '$inc with a string',
    'PUT',
    () => entities('Item', `/${id}`),
    () => ({ body: { $inc: { n: 'one' } } }),
    400,
  ],
  [
    '$inc on a text field',
    'PUT',
    () => entities('Item', `/${id}`),
    () => ({ body: { $inc: { name: 1 } } }),
    400,
  ],
  [
    'an unknown update operator',
    'PUT',
    () => entities('Item', `/${id}`),
    () => ({ body: { $rename: { n: 'm' } } }),
    400,
  ],
  ['malformed q', 'GET', () => `${entities('Item')}?q=%7Bbad`, () => ({}), 400],
  ['q that is not an object', 'GET', () => `${entities('Item')}?q=%5B1%5D`, () => ({}), 400],
  ['q given twice', 'GET', () => `${entities('Item')}?${q({})}&${q({})}`, () => ({}), 400],
  [
    'an unknown operator',
    'GET',
    () => `${entities('Item')}?${q({ n: { $where: 'sleep(1)' } })}`,
    () => ({}),
    400,
  ],
  ['a top-level unknown operator', 'GET', () => `${entities('Item')}?${q({ $where: 'x' })}`, () => ({}), 400],
  [
    'operators mixed with fields',
    'GET',
    () => `${entities('Item')}?${q({ n: { $gt: 1, x: 2 } })}`,
    () => ({}),
    400,
  ],
  ['an invalid $regex', 'GET', () => `${entities('Item')}?${q({ name: { $regex: '(' } })}`, () => ({}), 400],
  ['$in without an array', 'GET', () => `${entities('Item')}?${q({ n: { $in: 1 } })}`, () => ({}), 400],
  [
    '$exists with a string',
    'GET',
    () => `${entities('Item')}?${q({ n: { $exists: 'yes' } })}`,
    () => ({}),
    400,
  ],
  ['$and with an object', 'GET', () => `${entities('Item')}?${q({ $and: { n: 1 } })}`, () => ({}), 400],
  ['$gt with an object', 'GET', () => `${entities('Item')}?${q({ n: { $gt: { a: 1 } } })}`, () => ({}), 400],
  ['a query value nested 40 levels', 'GET', () => `${entities('Item')}?${q(nested(40))}`, () => ({}), 400],
  [
    'operators nested 20 levels',
    'GET',
    () =>
      `${entities('Item')}?${q(Array.from({ length: 20 }).reduce((inner) => ({ $and: [inner] }), { n: 1 }))}`,
    () => ({}),
    400,
  ],
  ['limit that is not a number', 'GET', () => `${entities('Item')}?limit=ten`, () => ({}), 400],
  ['a negative skip', 'GET', () => `${entities('Item')}?skip=-1`, () => ({}), 400],
  ['an invalid sort field', 'GET', () => `${entities('Item')}?sort=-$where`, () => ({}), 400],
  ['an invalid fields list', 'GET', () => `${entities('Item')}?fields=name,a b`, () => ({}), 400],
  ['an entity name starting with a digit', 'GET', () => entities('1Item'), () => ({}), 400],
  ['an entity name with a dash', 'POST', () => entities('Item-x'), () => ({ body: { a: 1 } }), 400],
  [
    'an entity name of 65 characters',
    'POST',
    () => entities(`A${'b'.repeat(64)}`),
    () => ({ body: { a: 1 } }),
    400,
  ],
  [
    'path traversal in the entity name',
    'POST',
    () => entities('..%2F..%2Fetc'),
    () => ({ body: { a: 1 } }),
    400,
  ],
  ['a NUL byte in the entity name', 'POST', () => entities('Item%00'), () => ({ body: { a: 1 } }), 400],
  ['an entity never written', 'GET', () => entities('Nothing'), () => ({}), 404],
  ['an unknown record (get)', 'GET', () => entities('Item', '/000000000000000000000000'), () => ({}), 404],
  ['an unknown record (update)', 'PUT', () => entities('Item', '/nope'), () => ({ body: { n: 9 } }), 404],
  ['an unknown record (delete)', 'DELETE', () => entities('Item', '/nope'), () => ({}), 404],
  ['deleteMany without a filter', 'DELETE', () => entities('Item'), () => ({}), 400],
  [
    'deleteMany with an unknown operator',
    'DELETE',
    () => entities('Item'),
    () => ({ body: { n: { $foo: 1 } } }),
    400,
  ],
  ['bulk with a non-array', 'POST', () => entities('Item', '/bulk'), () => ({ body: { name: 'x' } }), 400],
  [
    'bulk over the limit',
    'POST',
    () => entities('Item', '/bulk'),
    () => ({ body: Array.from({ length: 5_001 }, () => ({})) }),
    400,
  ],
  ['an unknown app', 'POST', () => `/api/apps/other-app/entities/Item`, () => ({ body: { a: 1 } }), 404],
  ['a bad percent-encoding', 'GET', () => `${entities('Item')}/%E0%A4%A`, () => ({}), 400],
  [
    'login with wrong types',
    'POST',
    () => `/api/apps/${APP}/auth/login`,
    () => ({ body: { email: 5, password: [] } }),
    400,
  ],
  [
    'register with a short password',
    'POST',
    () => `/api/apps/${APP}/auth/register`,
    () => ({ body: { email: 'a@b.co', password: 'x' } }),
    400,
  ],
  [
    'a function name that could leave the functions folder',
    'POST',
    () => `/api/apps/${APP}/functions/..%2F..%2Fbase44`,
    () => ({ body: { packageName: 'gold' } }),
    404,
  ],
  [
    'a message with numeric content',
    'POST',
    () => `/api/apps/${APP}/agents/conversations/${conversationId}/messages`,
    () => ({ body: { content: 5 } }),
    400,
  ],
  [
    'a message with an unknown role',
    'POST',
    () => `/api/apps/${APP}/agents/conversations/${conversationId}/messages`,
    () => ({ body: { role: 'root', content: 'x' } }),
    400,
  ],
  ['updateMe with an array', 'PUT', () => entities('User', '/me'), () => ({ body: [] }), 400],
  ['an unknown route', 'GET', () => '/api/apps/local-app/nothing/here', () => ({}), 404],
];

describe('bad input', () => {
  it.each(cases)('%s → 4xx, data unchanged', async (_label, method, path, opts, status) => {
    const before = await snapshot();
    const answer = await h.call(method, path(), { token, ...opts() });
    expect(answer.status, answer.text.slice(0, 300)).toBe(status);
    if (answer.headers.get('content-type')?.includes('json')) {
      expect(typeof answer.body.message).toBe('string');
      expect(answer.body.message.length).toBeGreaterThan(5);
    }
    expect(await snapshot()).toBe(before);
  });

  it('keeps serving after all of it', async () => {
    expect((await h.call('GET', '/__harness/health')).body).toEqual({ ok: true });
    expect((await h.call('GET', entities('Item', '/count'), { token })).body).toEqual({ count: 2 });
  });
});
