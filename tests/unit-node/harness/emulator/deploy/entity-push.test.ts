/**
 * An entity push (entity-push.ts): the app's whole set of schemas, each checked as the project's entity files are
 * before any applies, and what the push creates, updates and deletes.
 */
import { describe, expect, it } from 'vitest';
import {
  MAX_PUSHED_ENTITIES,
  readEntityPush,
  syncOutcome,
} from '../../../../../host-harness/src/emulator/deploy/entity-push.ts';
import { outcome } from '../outcome.ts';

const lead = {
  name: 'Lead',
  type: 'object',
  properties: { email: { type: 'string', format: 'email' } },
  required: ['email'],
  rls: { create: true, read: { user_condition: { role: 'admin' } } },
};
const push = (schemas: Record<string, unknown>) => ({ entityNameToSchema: schemas });
const refused = (message: string) => `400 invalid_entity_schema: ${message}`;

describe('readEntityPush', () => {
  it('answers each schema as pushed and as the declaration the entity routes enforce', () => {
    const { schemas, declarations } = readEntityPush(push({ Lead: lead }));
    expect(schemas).toEqual({ Lead: lead });
    expect(declarations.map((d) => [d.name, d.file])).toEqual([['Lead', 'Entity Lead']]);
    expect(declarations[0]!.rls.read).not.toBe(true);
    expect(() => declarations[0]!.schema.check({ email: 'not an e-mail' }, 'create')).toThrow(
      'Lead.email must be a valid email',
    );
  });

  it('takes an empty set (every entity of the app is then deleted)', () => {
    expect(readEntityPush(push({})).declarations).toEqual([]);
  });

  it('refuses a body that is not { entityNameToSchema: {…} }', () => {
    for (const body of [null, [], {}, { entityNameToSchema: [] }, { entityNameToSchema: 'Lead' }])
      expect(outcome(() => readEntityPush(body))).toBe(
        '400 invalid_body: The body must be { entityNameToSchema: { <Name>: <schema> } }',
      );
  });

  it('refuses a schema the platform would refuse, naming the entity', () => {
    expect(outcome(() => readEntityPush(push({ Lead: { ...lead, type: 'array' } })))).toBe(
      refused('Entity Lead: "type" must be "object"'),
    );
    expect(outcome(() => readEntityPush(push({ Lead: { ...lead, properties: { email: 'string' } } })))).toBe(
      refused('Entity Lead: properties.email must be an object such as { "type": "string" }'),
    );
    expect(outcome(() => readEntityPush(push({ Lead: 'schema' })))).toBe(
      refused('Entity Lead: must hold a JSON object'),
    );
    expect(outcome(() => readEntityPush(push({ 'Bad name': { ...lead, name: 'Bad name' } })))).toMatch(
      /^400 invalid_entity_schema: Entity Bad name: /,
    );
    const long = `L${'y'.repeat(99)}`;
    expect(outcome(() => readEntityPush(push({ [long]: { ...lead, type: 'array' } })))).toBe(
      refused(`Entity ${long.slice(0, 80)}: "type" must be "object"`),
    );
  });

  it('refuses row-level security the harness cannot enforce rather than ignore it', () => {
    const rls = { read: { $or: [{ created_by: '{{user.email}}' }] } };
    expect(outcome(() => readEntityPush(push({ Lead: { ...lead, rls } })))).toMatch(
      /^400 invalid_entity_schema: Entity Lead: rls\.read/,
    );
  });

  it('refuses a schema pushed under another entity’s name, quoting at most 80 characters of it', () => {
    expect(outcome(() => readEntityPush(push({ Order: lead })))).toBe(
      refused('Entity Order: its schema is named Lead, not Order'),
    );
    const long = `L${'x'.repeat(99)}`;
    expect(outcome(() => readEntityPush(push({ [long]: lead })))).toBe(
      refused(`Entity ${long.slice(0, 80)}: its schema is named Lead, not ${long.slice(0, 80)}`),
    );
  });

  it('takes up to 200 entities and refuses more', () => {
    expect(MAX_PUSHED_ENTITIES).toBe(200);
    const many = (count: number) =>
      Object.fromEntries(
        Array.from({ length: count }, (_, i) => [`E${i}`, { name: `E${i}`, type: 'object', properties: {} }]),
      );
    expect(readEntityPush(push(many(200))).declarations).toHaveLength(200);
    expect(outcome(() => readEntityPush(push(many(201))))).toBe(
      '400 invalid_body: A push holds at most 200 entities',
    );
  });
});

describe('syncOutcome', () => {
  it('creates what is new, updates what was there and deletes what the push leaves out', () => {
    expect(syncOutcome(['Order', 'Lead'], ['Lead', 'Invoice'])).toEqual({
      created: ['Invoice'],
      updated: ['Lead'],
      deleted: ['Order'],
    });
    expect(syncOutcome([], ['Order'])).toEqual({ created: ['Order'], updated: [], deleted: [] });
    expect(syncOutcome(['Order'], [])).toEqual({ created: [], updated: [], deleted: ['Order'] });
  });

  it('never deletes the platform’s own User entity', () => {
    expect(syncOutcome(['User', 'Order'], ['Order'])).toEqual({
      created: [],
      updated: ['Order'],
      deleted: [],
    });
    expect(syncOutcome(['User'], ['User'])).toEqual({ created: [], updated: ['User'], deleted: [] });
  });
});
