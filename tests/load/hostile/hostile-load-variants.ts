/**
 * Hostile requests, by category: each function draws one variant. `4xx` marks input the emulator must refuse with a
 * clear client error; `2xx` input it must accept safely (a traversal file name is cleaned, a `__proto__` filter
 * matches nothing); `not-5xx` where more than one answer is right.
 */
import {
  bearer,
  type CaseContext,
  type Category,
  type Expectation,
  type HostileRequest,
  json,
  q,
} from './hostile-load-cases.ts';
import { multipartUpload } from './hostile-load-uploads.ts';

type Variant = [
  label: string,
  method: string,
  path: string,
  body: string | Buffer | undefined,
  expect: Expectation,
];

const nestedObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const nestedArray = (depth: number) => `{"a":${'['.repeat(depth)}${']'.repeat(depth)}}`;
const nestedAnd = (depth: number) => `${'{"$and":['.repeat(depth)}{"n":1}${']}'.repeat(depth)}`;

function request(
  ctx: CaseContext,
  category: Category,
  [label, method, path, body, expect]: Variant,
  headers: Record<string, string> = { ...json, ...bearer(ctx.userToken) },
  onSuccess?: HostileRequest['onSuccess'],
): HostileRequest {
  return { category, label, method, path, headers, body, expect, ...(onSuccess ? { onSuccess } : {}) };
}

const paths = (ctx: CaseContext) => {
  const api = `/api/apps/${ctx.app}`;
  const victim = `${api}/entities/${ctx.victimEntity}`;
  return { api, victim, item: `${victim}/${ctx.victimId}`, list: `${api}/entities/${ctx.entity}` };
};

export function invalidJson(ctx: CaseContext): HostileRequest {
  const { api, victim, item } = paths(ctx);
  const target = ctx.rng.pick([
    ['POST', victim],
    ['PUT', item],
    ['POST', `${victim}/bulk`],
    ['POST', `${api}/auth/login`],
    ['POST', `${api}/integration-endpoints/Core/SendEmail`],
    ['POST', `${api}/functions/createCheckout`],
    ['POST', `${api}/agents/conversations`],
    ['DELETE', victim],
  ] as const);
  const body = ctx.rng.pick([
    '{',
    '{"a":}',
    '{"name": "x",}',
    "{'name': 1}",
    'nul',
    '[1, 2',
    '{"a":1}}',
    '\uFEFF{"a":1}',
    'NaN',
    '{"a": 01}',
    '{"a": "\\x41"}',
    '{"a": undefined}',
    Buffer.from([0xff, 0xfe, 0x00, 0x7b, 0xc3, 0x28]),
  ]);
  return request(ctx, 'invalid-json', [
    `${target[0]} ${String(body).slice(0, 12)}`,
    target[0],
    target[1],
    body,
    '4xx',
  ]);
}

export function wrongTypes(ctx: CaseContext): HostileRequest {
  const { api, victim, item, list } = paths(ctx);
  return request(
    ctx,
    'wrong-types',
    ctx.rng.pick<Variant>([
      ['array record', 'POST', victim, '[1,2]', '4xx'],
      ['string record', 'POST', victim, '"text"', '4xx'],
      ['number record', 'POST', victim, '42', '4xx'],
      ['null record', 'POST', victim, 'null', '4xx'],
      ['bulk of an object', 'POST', `${victim}/bulk`, '{"a":1}', '4xx'],
      ['bulk of numbers', 'POST', `${victim}/bulk`, '[1,2,3]', '4xx'],
      ['$inc of a string', 'PUT', item, '{"$inc":{"counter":"1"}}', '4xx'],
      ['$inc of an array', 'PUT', item, '{"$inc":[1]}', '4xx'],
      ['$unset of a number', 'PUT', item, '{"$unset":5}', '4xx'],
      ['$push operator', 'PUT', item, '{"$push":{"tags":1}}', '4xx'],
      ['$set of an array', 'PUT', item, '{"$set":[1]}', '4xx'],
      ['update as an array', 'PUT', item, '[{"a":1}]', '4xx'],
      ['limit not a number', 'GET', `${list}?limit=abc`, undefined, '4xx'],
      ['negative skip', 'GET', `${list}?skip=-5`, undefined, '4xx'],
      ['huge limit', 'GET', `${list}?limit=1e9`, undefined, '4xx'],
      ['sort by an operator', 'GET', `${list}?sort=$where`, undefined, '4xx'],
      ['fields with ;', 'GET', `${list}?fields=a;b`, undefined, '4xx'],
      ['login with numbers', 'POST', `${api}/auth/login`, '{"email":123,"password":[]}', '4xx'],
      [
        'SendEmail with objects',
        'POST',
        `${api}/integration-endpoints/Core/SendEmail`,
        '{"to":5,"body":{}}',
        '4xx',
      ],
      [
        'InvokeLLM without a prompt',
        'POST',
        `${api}/integration-endpoints/Core/InvokeLLM`,
        '{"prompt":5}',
        '4xx',
      ],
      ['function with an array', 'POST', `${api}/functions/createCheckout`, '[1]', '4xx'],
      ['deleteMany without a body', 'DELETE', victim, undefined, '4xx'],
      ['analytics events not a list', 'POST', `${api}/analytics/track/batch`, '{"events":5}', '4xx'],
    ]),
  );
}

export function hugeBody(ctx: CaseContext): HostileRequest {
  const { api, victim } = paths(ctx);
  const big = 'x'.repeat(1_200_000);
  if (ctx.rng.next() < 0.1) {
    // A file above the 10 MB upload limit.
    return multipartUpload(ctx, 'huge-body', 'big.bin', Buffer.alloc(10 * 1024 * 1024 + 1024, 0x61), '4xx');
  }
  return request(
    ctx,
    'huge-body',
    ctx.rng.pick<Variant>([
      ['1.2 MB record', 'POST', victim, JSON.stringify({ name: big }), '4xx'],
      ['1.2 MB bulk', 'POST', `${victim}/bulk`, JSON.stringify([{ name: big }]), '4xx'],
      ['1.2 MB update', 'PUT', `${victim}/${ctx.victimId}`, JSON.stringify({ name: big }), '4xx'],
      ['1.2 MB login', 'POST', `${api}/auth/login`, JSON.stringify({ email: big, password: 'x' }), '4xx'],
    ]),
  );
}

export function qInjection(ctx: CaseContext): HostileRequest {
  const { list, victim } = paths(ctx);
  const matchesNothing = (body: unknown) =>
    Array.isArray(body) && body.length === 0
      ? null
      : `a prototype filter matched ${JSON.stringify(body).slice(0, 80)}`;
  const refused: string[] = [
    '{"$where":"sleep(1000) || true"}',
    '{"label":{"$where":"1"}}',
    '{"$expr":{"$gt":["$n",1]}}',
    '{"$function":{"body":"return true","args":[],"lang":"js"}}',
    '{"n":{"$gt":{"$gt":1}}}',
    '{"$or":[]}',
    '{"$or":{}}',
    '{"$and":"x"}',
    '{"label":{"$regex":"("}}',
    '{"label":{"$regex":"a","$options":"g"}}',
    '{"label":{"$in":"x"}}',
    '[1,2]',
    '"str"',
    'null',
    '{"a.b..c":1}',
    JSON.stringify({ label: { $regex: 'x'.repeat(600) } }),
    nestedAnd(20),
    '{label:1}',
    '{"label":{"$exists":"yes"}}',
    '{"$text":{"$search":"x"}}',
  ];
  const harmless = [
    '{"__proto__":{"polluted":true}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
    '{"toString":{"$exists":true}}',
    '{"__proto__.polluted":true}',
  ];
  const roll = ctx.rng.next();
  if (roll < 0.6) {
    const filter = ctx.rng.pick(refused);
    const count = ctx.rng.next() < 0.3 ? '/count' : '';
    return request(ctx, 'q-injection', [
      `q ${filter.slice(0, 30)}`,
      'GET',
      `${list}${count}?${q(filter)}`,
      undefined,
      '4xx',
    ]);
  }
  if (roll < 0.8) {
    const filter = ctx.rng.pick(harmless);
    return request(
      ctx,
      'q-injection',
      [`q ${filter.slice(0, 30)}`, 'GET', `${list}?${q(filter)}`, undefined, '2xx'],
      undefined,
      matchesNothing,
    );
  }
  if (roll < 0.9) {
    const filter = ctx.rng.pick(refused);
    return request(ctx, 'q-injection', [
      `deleteMany ${filter.slice(0, 30)}`,
      'DELETE',
      victim,
      filter,
      '4xx',
    ]);
  }
  return request(
    ctx,
    'q-injection',
    ctx.rng.pick<Variant>([
      ['q twice', 'GET', `${list}?q={}&q={}`, undefined, '4xx'],
      [
        'sort and fields by prototype names',
        'GET',
        `${list}?sort=__proto__,-constructor&fields=__proto__,constructor&limit=5`,
        undefined,
        '2xx',
      ],
      ['q not JSON', 'GET', `${list}?q=%E0%A4%A`, undefined, '4xx'],
    ]),
  );
}

/** `$regex` filters: ordinary ones answer at once; catastrophic ones (a few per run) are cut off with a 400. */
export function regex(ctx: CaseContext): HostileRequest {
  const { api, list } = paths(ctx);
  if (ctx.regexProbesLeft > 0 && ctx.rng.next() < 0.1) {
    ctx.regexProbesLeft--;
    const filter = ctx.rng.pick([
      { s: { $regex: '^(a+)+$' } },
      { s: { $regex: '.*x' } },
      { s: { $not: '^(a|a)+$' } },
      { s: { $regex: '(a*)*b', $options: 'i' } },
    ]);
    return request(ctx, 'regex', [
      `catastrophic ${JSON.stringify(filter).slice(0, 30)}`,
      'GET',
      `${api}/entities/${ctx.regexEntity}?${q(filter)}`,
      undefined,
      '4xx',
    ]);
  }
  const filter = ctx.rng.pick([
    { label: { $regex: '^updated', $options: 'i' } },
    { label: { $regex: 'plain|🚀' } },
    { tags: { $regex: 'DROP', $options: 'i' } },
    { label: { $not: 'x' } },
  ]);
  const count = ctx.rng.next() < 0.3 ? '/count' : '';
  return request(ctx, 'regex', [
    `regex ${JSON.stringify(filter).slice(0, 30)}`,
    'GET',
    `${list}${count}?${q(filter)}&limit=20`,
    undefined,
    '2xx',
  ]);
}

export function prototypePollution(ctx: CaseContext): HostileRequest {
  const { api, victim, item } = paths(ctx);
  return request(
    ctx,
    'prototype-pollution',
    ctx.rng.pick<Variant>([
      ['__proto__ record', 'POST', victim, '{"__proto__":{"polluted":1}}', '4xx'],
      ['__proto__ in bulk', 'POST', `${victim}/bulk`, '[{"__proto__":{"polluted":1}}]', '4xx'],
      ['__proto__ update', 'PUT', item, '{"__proto__":{"polluted":1}}', '4xx'],
      ['$set __proto__', 'PUT', item, '{"$set":{"__proto__":{"polluted":1}}}', '4xx'],
      ['$inc __proto__', 'PUT', item, '{"$inc":{"__proto__":1}}', '4xx'],
      ['nested __proto__ is data', 'POST', victim, '{"x":{"__proto__":{"polluted":1}}}', '2xx'],
      [
        'constructor.prototype is data',
        'POST',
        victim,
        '{"constructor":{"prototype":{"polluted":1}}}',
        '2xx',
      ],
      ['$unset __proto__', 'PUT', item, '{"$unset":["__proto__","constructor"]}', '2xx'],
      ['login __proto__', 'POST', `${api}/auth/login`, '{"__proto__":{"email":"admin@example.com"}}', '4xx'],
      [
        'function __proto__',
        'POST',
        `${api}/functions/createCheckout`,
        '{"__proto__":{"isAdmin":true}}',
        'not-5xx',
      ],
    ]),
  );
}

export function deepNesting(ctx: CaseContext): HostileRequest {
  const { victim, item, list } = paths(ctx);
  return request(
    ctx,
    'deep-nesting',
    ctx.rng.pick<Variant>([
      ['object 33 deep', 'POST', victim, `{"a":${nestedObject(33)}}`, '4xx'],
      ['object 5,000 deep', 'POST', victim, `{"a":${nestedObject(5_000)}}`, '4xx'],
      ['array 100,000 deep', 'POST', victim, nestedArray(100_000), '4xx'],
      ['update 1,000 deep', 'PUT', item, `{"a":${nestedObject(1_000)}}`, '4xx'],
      ['$and 40 deep in q', 'GET', `${list}?${q(nestedAnd(40))}`, undefined, '4xx'],
      ['literal 500 deep in q', 'GET', `${list}?${q(`{"a":${nestedObject(500)}}`)}`, undefined, '4xx'],
      [
        'bulk of deep records',
        'POST',
        `${victim}/bulk`,
        `[${Array(20).fill(nestedObject(40)).join(',')}]`,
        '4xx',
      ],
    ]),
  );
}

export function pathTraversal(ctx: CaseContext): HostileRequest {
  const { api, list } = paths(ctx);
  return request(
    ctx,
    'path-traversal',
    ctx.rng.pick<Variant>([
      ['entity ../ encoded', 'GET', `${api}/entities/..%2F..%2Fetc%2Fpasswd`, undefined, '4xx'],
      ['entity ../ raw', 'GET', `${api}/entities/../../../etc/passwd`, undefined, '4xx'],
      ['entity %2e%2e', 'GET', `${api}/entities/%2e%2e`, undefined, '4xx'],
      ['entity with NUL', 'POST', `${api}/entities/Lead%00.json`, '{"a":1}', '4xx'],
      ['entity with ;', 'POST', `${api}/entities/Lead;DROP%20TABLE%20records`, '{"a":1}', '4xx'],
      ['entity Lead/../User', 'GET', `${api}/entities/Lead%2F..%2FUser`, undefined, '4xx'],
      ['entity of 65 letters', 'POST', `${api}/entities/${'A'.repeat(65)}`, '{"a":1}', '4xx'],
      ['entity unicode', 'POST', `${api}/entities/Le%C3%A4d`, '{"a":1}', '4xx'],
      ['entity sqlite_master', 'GET', `${api}/entities/sqlite_master`, undefined, '4xx'],
      ['app ../', 'GET', `/api/apps/..%2Flocal-app/entities/${ctx.entity}`, undefined, '4xx'],
      ['record id ../', 'GET', `${list}/..%2F..%2Fx`, undefined, '4xx'],
      ['record id %2e%2e%2f', 'DELETE', `${list}/%2e%2e%2f`, undefined, '4xx'],
      ['file ../', 'GET', '/files/..%2F..%2Fetc%2Fpasswd/passwd', undefined, '4xx'],
      ['file name ../', 'GET', `/files/${ctx.fileId}/..%2F..%2Fetc%2Fpasswd`, undefined, '4xx'],
      ['function ../', 'POST', `${api}/functions/..%2F..%2Fetc`, '{}', '4xx'],
      ['conversation ../', 'GET', `${api}/agents/conversations/..%2F..`, undefined, '4xx'],
      ['public settings ../', 'GET', '/api/apps/public/prod/public-settings/by-id/..%2F..', undefined, '4xx'],
      ['integration ../', 'POST', `${api}/integration-endpoints/Core/..%2FSendEmail`, '{}', '4xx'],
    ]),
  );
}
