import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator } from '../../../host-harness/src/emulator/index.ts';
import { MONTHLY_PENCE, SETUP_PENCE } from '../../support/spec-figures.ts';
import { entitiesDir, NOTE, ORDER, standardEntities } from './declared-fixtures.ts';
import {
  emulatorPerFile,
  entities,
  q,
  type Running,
  SERVICE_TOKEN,
  startEmulator,
} from './emulator-harness.ts';

let h: Running;
const service = { token: SERVICE_TOKEN };
const order = (extra: Record<string, unknown> = {}) => ({
  session_id: 'cs_test_1',
  status: 'paid',
  amount_total: SETUP_PENCE,
  ...extra,
});

emulatorPerFile(
  (started) => {
    h = started;
  },
  { declarations: standardEntities },
);

describe('declared entities exist before their first record', () => {
  it('lists [] and counts 0 for a declared entity never written; an undeclared one stays 404', async () => {
    for (const entity of ['Order', 'TeamMember', 'Post']) {
      const list = await h.call('GET', entities(entity), service);
      expect(list.status).toBe(200);
      expect(list.body).toEqual([]);
      expect((await h.call('GET', `${entities(entity, '/count')}?${q({ a: 1 })}`, service)).body).toEqual({
        count: 0,
      });
    }
    const missing = await h.call('GET', entities('Order', '/65f0a00000000000000000ff'), service);
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('record_not_found');
    const undeclared = await h.call('GET', entities('Invoice'), service);
    expect(undeclared.status).toBe(404);
    expect(undeclared.body.code).toBe('entity_not_found');
    expect((await h.call('GET', entities('Invoice', '/count'))).status).toBe(404);
  });

  it('answers deleteMany and updates on a never-written declared entity without creating it by accident', async () => {
    expect((await h.call('DELETE', entities('Order'), { ...service, body: {} })).body).toEqual({
      success: true,
      deleted: 0,
    });
    const update = await h.call('PUT', entities('Order', '/65f0a00000000000000000ff'), {
      ...service,
      body: { status: 'paid' },
    });
    expect(update.status).toBe(404);
    expect((await h.call('GET', entities('Order'), service)).body).toEqual([]);
  });

  it('keeps undeclared collections lenient: any shape, any caller', async () => {
    const created = await h.call('POST', entities('Scratch'), { body: { anything: [1, { deep: true }] } });
    expect(created.status).toBe(200);
    expect((await h.call('GET', entities('Scratch'))).body).toHaveLength(1);
  });
});

describe('schema checks (ajv) on declared entities', () => {
  it('answers 400 invalid_record naming the field on create, and stores nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [order({ amount_total: 799.5 }), 'Order.amount_total must be integer'],
      [order({ amount_total: String(SETUP_PENCE) }), 'Order.amount_total must be integer'],
      [{ status: 'paid' }, 'Order.session_id is required'],
      [order({ status: 'open' }), 'Order.status must be one of: "paid"'],
      [order({ paid_at: 'yesterday' }), 'Order.paid_at must be a valid date-time'],
      [order({ customer_email: 'not an address' }), 'Order.customer_email must be a valid email'],
      [order({ email_sent: 'no' }), 'Order.email_sent must be boolean'],
    ];
    for (const [body, message] of cases) {
      const answer = await h.call('POST', entities('Order'), { ...service, body });
      expect(answer.status, message).toBe(400);
      expect(answer.body).toMatchObject({ message, code: 'invalid_record' });
    }
    expect((await h.call('GET', entities('Order', '/count'), service)).body.count).toBe(0);
  });

  it('accepts a valid record, ignoring platform fields sent by the caller', async () => {
    const answer = await h.call('POST', entities('Order'), {
      ...service,
      body: order({ paid_at: '2026-03-01T12:00:00Z', id: 42, created_date: false, created_by: 7 }),
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ session_id: 'cs_test_1', paid_at: '2026-03-01T12:00:00Z' });
    expect(answer.body.id).toMatch(/^[0-9a-f]{24}$/);
    expect(answer.body.created_by).toBe('service');
  });

  it('names nested fields and array items, and fills schema defaults on create', async () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ name: 'a', address: { postcode: 12 } }, 'TeamMember.address.postcode must be string'],
      [{ name: 'a', tags: ['x', 2] }, 'TeamMember.tags[1] must be string'],
      [{ name: 'a', level: 9 }, 'TeamMember.level must be <= 5'],
      [{ name: 'a', joined: '2026-02-30' }, 'TeamMember.joined must be a valid date'],
      [{ name: 'a', homepage: 'not a uri' }, 'TeamMember.homepage must be a valid uri'],
      [{ name: '' }, 'TeamMember.name must NOT have fewer than 1 characters'],
    ];
    for (const [body, message] of bad) {
      const answer = await h.call('POST', entities('TeamMember'), { ...service, body });
      expect(answer.body.message, message).toBe(message);
    }
    const good = await h.call('POST', entities('TeamMember'), {
      ...service,
      body: { name: 'Ada', joined: '2026-02-28', homepage: 'https://example.com/a', motto: 'a//b' },
    });
    expect(good.status).toBe(200);
    expect(good.body).toMatchObject({ name: 'Ada', level: 1, motto: 'a//b' });
  });

  it('checks every record of a bulk create before writing any (all or nothing)', async () => {
    const answer = await h.call('POST', entities('Order', '/bulk'), {
      ...service,
      body: [order(), order({ session_id: 'cs_test_2' }), order({ amount_total: 'lots' })],
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      message: 'Record 2: Order.amount_total must be integer',
      code: 'invalid_record',
    });
    expect((await h.call('GET', entities('Order'), service)).body).toEqual([]);
    const ok = await h.call('POST', entities('Order', '/bulk'), {
      ...service,
      body: [order(), order({ session_id: 'cs_test_2' })],
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toHaveLength(2);
  });

  it('checks imports, converting CSV cells to the declared types', async () => {
    const importCsv = (csv: string) => {
      const form = new FormData();
      form.append('file', new Blob([csv], { type: 'text/csv' }), 'members.csv');
      return h.call('POST', entities('TeamMember', '/import'), { ...service, raw: form });
    };
    const bad = await importCsv('name,level\nAda,2\nBob,many\n');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      status: 'error',
      code: 'invalid_record',
      message: 'Record 2: TeamMember.level must be integer',
    });
    expect((await h.call('GET', entities('TeamMember'), service)).body).toEqual([]);
    const good = await importCsv('name,level,zip\nAda,2,007\nBob,3,12345\n');
    expect(good.status).toBe(200);
    expect(good.body.output.map((r: { zip: unknown; level: unknown }) => [r.zip, r.level])).toEqual([
      ['007', 2],
      ['12345', 3],
    ]);
  });

  it('checks the merged record on update ($set, $unset, $inc) and leaves it unchanged when refused', async () => {
    const created = (await h.call('POST', entities('Order'), { ...service, body: order() })).body;
    const path = entities('Order', `/${created.id}`);
    const refused: [unknown, string][] = [
      [{ amount_total: 'free' }, 'Order.amount_total must be integer'],
      [{ $unset: ['session_id'] }, 'Order.session_id is required'],
      [{ $inc: { amount_total: 0.5 } }, 'Order.amount_total must be integer'],
      [{ $set: { status: 'refunded' } }, 'Order.status must be one of: "paid"'],
    ];
    for (const [body, message] of refused) {
      const answer = await h.call('PUT', path, { ...service, body });
      expect(answer.status, message).toBe(400);
      expect(answer.body).toMatchObject({ message, code: 'invalid_record' });
    }
    expect((await h.call('GET', path, service)).body).toEqual(created);
    const merged = await h.call('PUT', path, {
      ...service,
      body: { email_sent: true, $inc: { amount_total: 100 } },
    });
    expect(merged.status).toBe(200);
    expect(merged.body).toMatchObject({ session_id: 'cs_test_1', email_sent: true, amount_total: 80000 });
  });
});

describe('loading declarations', () => {
  it('reads JSONC (comments, trailing commas, strings with // and /*) and kebab-case file names', async () => {
    const answer = await h.call('POST', entities('TeamMember'), {
      ...service,
      body: { name: 'x', motto: 'c/*d*/e' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.motto).toBe('c/*d*/e');
  });

  it('refuses to start on a broken declaration, naming the file and the problem', async () => {
    const broken: [string, string, string][] = [
      [
        'Order.jsonc',
        '{ "name": "Order", "type": "object", "properties": { } /* never closed',
        'not valid JSONC (UnexpectedEndOfComment at line 1, column 56; CloseBraceExpected at line 1, column 71)',
      ],
      ['Order.jsonc', JSON.stringify({ ...ORDER, name: 'Invoice' }), '"name" is Invoice'],
      ['Order.jsonc', JSON.stringify({ ...ORDER, type: 'array' }), '"type" must be "object"'],
      ['Order.jsonc', JSON.stringify({ name: 'Order', type: 'object' }), '"properties" must be an object'],
      ['Order.jsonc', JSON.stringify({ ...ORDER, required: 'session_id' }), '"required" must be an array'],
      [
        'Order.jsonc',
        JSON.stringify({ ...ORDER, properties: { n: { type: 'banana' } } }),
        'the schema is not valid JSON Schema',
      ],
      [
        'Note.jsonc',
        JSON.stringify({ ...NOTE, rls: { read: { $or: [{ created_by: '{{user.email}}' }] } } }),
        'rls.read.$or: the operator $or is not supported',
      ],
      ['Note.jsonc', JSON.stringify({ ...NOTE, rls: { list: true } }), 'rls.list is not an operation'],
      [
        'Note.jsonc',
        JSON.stringify({ ...NOTE, rls: { read: { created_by: '{{user.phone}}' } } }),
        'unknown user field phone',
      ],
      ['Note.jsonc', JSON.stringify({ ...NOTE, rls: { read: { owner: 'x' } } }), 'unknown condition owner'],
    ];
    for (const [file, content, problem] of broken) {
      const folder = entitiesDir({ [file]: content });
      try {
        const started = createEmulator({ quiet: true, entitiesDir: folder.dir });
        await expect(started, problem).rejects.toThrow(`${folder.dir}/${file}: `);
        await expect(started, problem).rejects.toThrow(problem);
      } finally {
        folder.remove();
      }
    }
  });

  it('starts with no declarations when the folder does not exist', async () => {
    const emulator = await createEmulator({ quiet: true, entitiesDir: '/nonexistent/entities' });
    const url = await emulator.listen();
    try {
      const answer = await fetch(`${url}/api/apps/local-app/entities/Order`);
      expect(answer.status).toBe(404);
    } finally {
      await emulator.close();
    }
  });
});

describe("the project's own base44/entities/Order.jsonc (the default entitiesDir)", () => {
  let project: Running;
  beforeAll(async () => {
    project = await startEmulator();
  });
  afterAll(() => project.close());

  it('declares Order: [] before the first paid order, schema-checked, service-role create, admin-only read', async () => {
    const admin = { token: await project.tokenOf('admin') };
    const user = { token: await project.tokenOf('user') };
    expect((await project.call('GET', entities('Order'), admin)).body).toEqual([]);
    const paid = {
      subscription_id: 'sub_project',
      session_id: 'cs_test_project',
      customer_email: 'buyer@example.com',
      package: 'gold',
      amount_total: SETUP_PENCE,
      monthly_amount: MONTHLY_PENCE,
      currency: 'gbp',
      status: 'paid',
      paid_at: new Date(1_767_225_600_000).toISOString(),
      cancel_at: null,
      disputes: [{ id: 'du_1', amount: SETUP_PENCE, currency: 'gbp' }],
      email_sent: false,
    };
    // The subscription is its key: an order without one is refused.
    const keyless = await project.call('POST', entities('Order'), {
      ...service,
      body: { ...paid, subscription_id: undefined },
    });
    expect(keyless.body.code).toBe('invalid_record');
    expect((await project.call('POST', entities('Order'), { ...user, body: paid })).status).toBe(403);
    expect((await project.call('POST', entities('Order'), { ...admin, body: paid })).status).toBe(403);
    const wrong = await project.call('POST', entities('Order'), {
      ...service,
      body: { ...paid, amount_total: 998.0001 },
    });
    expect(wrong.body).toMatchObject({
      message: 'Order.amount_total must be integer',
      code: 'invalid_record',
    });
    expect((await project.call('POST', entities('Order'), { ...service, body: paid })).status).toBe(200);
    expect((await project.call('GET', entities('Order'), user)).body).toEqual([]);
    expect((await project.call('GET', entities('Order'), {})).body).toEqual([]);
    const seen = await project.call(
      'GET',
      `${entities('Order')}?${q({ session_id: 'cs_test_project' })}`,
      admin,
    );
    expect(seen.body).toHaveLength(1);
    expect(seen.body[0]).toMatchObject({ status: 'paid', amount_total: SETUP_PENCE });
  });
});
