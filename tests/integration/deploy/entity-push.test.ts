/**
 * `PUT entity-schemas` over HTTP: the pushed schemas replace the project's declarations, row-level security included;
 * an entity the push leaves out is deleted with its records; a schema the platform would refuse changes nothing; a
 * reset brings the project's base44/entities back.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseJsonc } from '../../../host-harness/src/emulator/core/jsonc.ts';
import { emulatorPerFile, entities, type Running, SERVICE_TOKEN } from '../emulator/emulator-harness.ts';
import { deployCall } from './deploy-support.ts';
import { repoRoot } from './project-copy.ts';

let h: Running;
emulatorPerFile((running) => {
  h = running;
});

const ORDER = parseJsonc(readFileSync(join(repoRoot, 'base44/entities/Order.jsonc'), 'utf8')) as Record<
  string,
  unknown
>;
/** Anyone may create a lead; only admins read them. */
const LEAD = {
  name: 'Lead',
  type: 'object',
  properties: { email: { type: 'string', format: 'email' }, source: { type: 'string' } },
  required: ['email'],
  rls: { create: true, read: { user_condition: { role: 'admin' } }, update: false, delete: false },
};
const push = (schemas: Record<string, unknown>) =>
  deployCall(h, 'PUT', '/entity-schemas', { body: { entityNameToSchema: schemas } });

describe('an entity push', () => {
  it('answers what it created and updated, and the pushed rules apply at once', async () => {
    expect((await push({ Order: ORDER, Lead: LEAD })).body).toEqual({
      created: ['Lead'],
      updated: ['Order'],
      deleted: [],
    });
    expect((await h.call('GET', entities('Lead'))).body).toEqual([]);
    const bad = await h.call('POST', entities('Lead'), { body: { email: 'not an e-mail' } });
    expect([bad.status, bad.body.message]).toEqual([400, 'Lead.email must be a valid email']);
    expect((await h.call('POST', entities('Lead'), { body: { email: 'ann@example.com' } })).status).toBe(200);
    expect((await h.call('GET', entities('Lead'))).body).toEqual([]);
    const asAdmin = await h.call('GET', entities('Lead'), { token: await h.tokenOf('admin') });
    expect(asAdmin.body.map((lead: { email: string }) => lead.email)).toEqual(['ann@example.com']);
  });

  it('deletes an entity it leaves out, records and all, but never the users', async () => {
    const order = await h.call('POST', entities('Order'), {
      token: SERVICE_TOKEN,
      body: { subscription_id: 'sub_1', status: 'paid' },
    });
    expect(order.status, order.text).toBe(200);
    expect((await push({ Lead: LEAD })).body).toEqual({ created: ['Lead'], updated: [], deleted: ['Order'] });
    const gone = await h.call('GET', entities('Order'), { token: SERVICE_TOKEN });
    expect([gone.status, gone.body.code]).toEqual([404, 'entity_not_found']);
    expect((await h.call('GET', entities('User'), { token: SERVICE_TOKEN })).body).toHaveLength(2);
  });

  it('refuses a schema the platform would refuse, and the earlier declarations keep governing', async () => {
    const refused = await push({ Order: ORDER, Lead: { ...LEAD, type: 'array' } });
    expect([refused.status, refused.body.code]).toEqual([400, 'invalid_entity_schema']);
    expect(refused.body.message).toBe('Entity Lead: "type" must be "object"');
    const or = await push({ Lead: { ...LEAD, rls: { read: { $or: [{ created_by: '{{user.email}}' }] } } } });
    expect(or.status).toBe(400);
    expect((await h.call('GET', entities('Lead'))).status).toBe(404);
    // Order is still declared: its schema still checks what the service role writes.
    const wrong = await h.call('POST', entities('Order'), { token: SERVICE_TOKEN, body: { status: 'sent' } });
    expect(wrong.status).toBe(400);
  });

  it('a reset brings the project’s entities back', async () => {
    await push({ Lead: LEAD });
    h.emulator.reset();
    expect((await h.call('GET', entities('Lead'))).status).toBe(404);
    expect((await h.call('GET', entities('Order'), { token: SERVICE_TOKEN })).body).toEqual([]);
  });
});
