/**
 * Row-level security rules of declared entities: what the loader accepts or refuses (with the place and the reason in
 * its message), and who each accepted rule lets through.
 */
import { describe, expect, it } from 'vitest';
import {
  allows,
  parseRules,
  type RlsRule,
  RlsRuleError,
  type Viewer,
} from '../../../../../host-harness/src/emulator/entities/rls-rules.ts';

const anonymous: Viewer = { service: false, user: null };
const service: Viewer = { service: true, user: null };
const member = (user: Record<string, unknown>): Viewer => ({ service: false, user });

/** The read rule of an `rls` block holding only `read`. */
const readRule = (read: unknown): RlsRule => parseRules({ read }, 'rls').read;

/** The loader's message for an `rls` block, or null when it is accepted. */
function refusal(block: unknown): string | null {
  try {
    parseRules(block, 'rls');
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(RlsRuleError);
    expect((error as Error).name).toBe('RlsRuleError');
    return (error as Error).message;
  }
}

describe('parseRules: the rls block of an entity file', () => {
  it('opens every operation when the block is absent or empty', () => {
    const open = { create: true, read: true, update: true, delete: true };
    expect(parseRules(undefined, 'rls')).toEqual(open);
    expect(parseRules({}, 'rls')).toEqual(open);
  });

  it('reads each operation under its own name', () => {
    const rules = parseRules({ create: false, read: true, update: { created_by: 'a' }, delete: {} }, 'rls');
    expect(rules.create).toBe(false);
    expect(rules.read).toBe(true);
    expect(rules.update).toEqual({
      record: [{ path: ['created_by'], expected: { literal: 'a' } }],
      user: [],
    });
    expect(rules.delete).toBe(true);
    expect(refusal({ create: 1 })).toBe('rls.create must be true, false or a condition object');
    expect(refusal({ read: 1 })).toBe('rls.read must be true, false or a condition object');
    expect(refusal({ update: 1 })).toBe('rls.update must be true, false or a condition object');
    expect(refusal({ delete: 1 })).toBe('rls.delete must be true, false or a condition object');
  });

  it('refuses a block that is not an object, and a key that is not an operation', () => {
    const notObject = 'rls must be an object with create, read, update and delete rules';
    for (const block of [null, true, 'read', 3, [], [{ read: true }]])
      expect(refusal(block), String(block)).toBe(notObject);
    expect(refusal({ list: true })).toBe('rls.list is not an operation (create, read, update, delete)');
    expect(refusal({ read: true, Read: true })).toBe(
      'rls.Read is not an operation (create, read, update, delete)',
    );
  });

  it('refuses a rule that is neither a boolean nor a condition object', () => {
    for (const rule of [null, 'true', 0, 1, [], [{ created_by: 'a' }]]) {
      expect(refusal({ read: rule }), JSON.stringify(rule)).toBe(
        'rls.read must be true, false or a condition object',
      );
    }
  });

  it('refuses operators, wherever they are', () => {
    expect(refusal({ read: { $or: [{ created_by: 'a' }] } })).toBe(
      'rls.read.$or: the operator $or is not supported by the local emulator',
    );
    expect(refusal({ read: { created_by: { $in: ['a'] } } })).toBe(
      'rls.read.created_by: operators and objects are not supported here, use a plain value',
    );
    expect(refusal({ read: { 'data.tags': ['a'] } })).toBe(
      'rls.read.data.tags: operators and objects are not supported here, use a plain value',
    );
  });

  it('reads record conditions on created_by, created_by_id and data.<field>', () => {
    expect(readRule({ created_by: '{{user.email}}', created_by_id: '{{user.id}}', 'data.a.b_2': 7 })).toEqual(
      {
        record: [
          { path: ['created_by'], expected: { userPath: ['email'] } },
          { path: ['created_by_id'], expected: { userPath: ['id'] } },
          { path: ['a', 'b_2'], expected: { literal: 7 } },
        ],
        user: [],
      },
    );
    expect(readRule({ 'data.x': null, 'data._y': false, 'data.Z9': 'text' })).toEqual({
      record: [
        { path: ['x'], expected: { literal: null } },
        { path: ['_y'], expected: { literal: false } },
        { path: ['Z9'], expected: { literal: 'text' } },
      ],
      user: [],
    });
  });

  it('refuses a condition on anything else, and a data path that is not a field path', () => {
    const unknown = (key: string) =>
      `rls.read.${key}: unknown condition ${key} (use created_by, created_by_id, data.<field> or user_condition)`;
    for (const key of [
      'status',
      'id',
      'created_date',
      'data.',
      'data.1st',
      'data.a-b',
      'data.a.',
      'data..a',
      'data.a b',
      'xdata.a',
      'Data.a',
      'created_by.x',
    ]) {
      expect(refusal({ read: { [key]: 'v' } }), key).toBe(unknown(key));
    }
  });

  it('reads {{user.<field>}} templates, spaces allowed inside the braces', () => {
    for (const [template, path] of [
      ['{{user.email}}', ['email']],
      ['{{ user.id }}', ['id']],
      ['{{   user.role}}', ['role']],
      ['{{user.data.team}}', ['team']],
      ['{{user.data.a.b}}', ['a', 'b']],
    ] as const) {
      expect(readRule({ created_by: template }), template).toEqual({
        record: [{ path: ['created_by'], expected: { userPath: path } }],
        user: [],
      });
    }
  });

  it('refuses a string with {{ that is not exactly one user template', () => {
    for (const value of [
      '{{user.email}} ',
      ' {{user.email}}',
      'x{{user.email}}',
      '{{user.email}}x',
      '{{ user. }}',
      '{{user.email-x}}',
      '{{ users.email }}',
      '{{user}}',
      '{{',
    ]) {
      expect(refusal({ read: { created_by: value } }), value).toBe(
        `rls.read.created_by: ${value} is not a {{user.<field>}} template`,
      );
    }
    // A literal without braces is a plain value, even when it looks like a path.
    expect(readRule({ created_by: 'user.email' })).toEqual({
      record: [{ path: ['created_by'], expected: { literal: 'user.email' } }],
      user: [],
    });
  });

  it('refuses a template or condition naming a user field that is not email, id, role or data.<field>', () => {
    for (const field of ['full_name', 'data', 'data.', 'data.1x', 'data.a.', 'xdata.a', 'Email', 'emailx']) {
      expect(refusal({ read: { created_by: `{{user.${field}}}` } }), field).toBe(
        `rls.read.created_by: unknown user field ${field} (use email, id, role or data.<field>)`,
      );
      expect(refusal({ read: { user_condition: { [field]: 'x' } } }), field).toBe(
        `rls.read.user_condition.${field}: unknown user field ${field} (use email, id, role or data.<field>)`,
      );
    }
  });

  it('reads user_condition fields and their plain values', () => {
    expect(
      readRule({
        user_condition: {
          role: 'admin',
          email: 'a@b.c',
          id: 'u1',
          'data.level': 3,
          'data.x.on': true,
          'data.n': null,
        },
      }),
    ).toEqual({
      record: [],
      user: [
        { path: ['role'], literal: 'admin' },
        { path: ['email'], literal: 'a@b.c' },
        { path: ['id'], literal: 'u1' },
        { path: ['level'], literal: 3 },
        { path: ['x', 'on'], literal: true },
        { path: ['n'], literal: null },
      ],
    });
    // A user_condition with no field, like `{}`, opens the operation.
    expect(readRule({ user_condition: {} })).toBe(true);
  });

  it('refuses a user_condition that is not an object of plain values', () => {
    for (const inner of [null, 'admin', 1, [], [{ role: 'admin' }]]) {
      expect(refusal({ read: { user_condition: inner } }), JSON.stringify(inner)).toBe(
        'rls.read.user_condition must be an object such as { "role": "admin" }',
      );
    }
    for (const literal of [{ $eq: 'admin' }, ['admin'], {}]) {
      expect(refusal({ read: { user_condition: { role: literal } } }), JSON.stringify(literal)).toBe(
        'rls.read.user_condition.role: user_condition only checks equality with a plain value',
      );
    }
  });
});

describe('allows: who a rule lets through', () => {
  const record = { id: 'r1', created_by: 'a@example.com', created_by_id: 'u1', status: 'draft' };

  it('lets the service role through every rule, closed ones included', () => {
    expect(allows(false, record, service)).toBe(true);
    expect(allows(readRule({ user_condition: { role: 'admin' } }), record, service)).toBe(true);
    expect(allows(readRule({ 'data.status': 'published' }), record, service)).toBe(true);
  });

  it('lets everyone through an open rule and nobody else through a closed one', () => {
    for (const viewer of [anonymous, member({ id: 'u1', role: 'admin' })]) {
      expect(allows(true, record, viewer)).toBe(true);
      expect(allows(false, record, viewer)).toBe(false);
    }
  });

  it('checks user conditions against the caller’s record, every field', () => {
    const rule = readRule({ user_condition: { role: 'admin', 'data.team': 'red' } });
    expect(allows(rule, record, member({ role: 'admin', team: 'red' }))).toBe(true);
    expect(allows(rule, record, member({ role: 'admin', team: 'blue' }))).toBe(false);
    expect(allows(rule, record, member({ role: 'user', team: 'red' }))).toBe(false);
    expect(allows(rule, record, member({ role: 'admin' }))).toBe(false);
    expect(allows(rule, record, anonymous)).toBe(false);
    // Plain values compare strictly: 1 is not '1', null matches only null.
    expect(allows(readRule({ user_condition: { 'data.level': 1 } }), record, member({ level: '1' }))).toBe(
      false,
    );
    expect(allows(readRule({ user_condition: { 'data.level': 1 } }), record, member({ level: 1 }))).toBe(
      true,
    );
    expect(allows(readRule({ user_condition: { 'data.n': null } }), record, member({ n: null }))).toBe(true);
    // An anonymous caller has no fields: not even a null condition matches.
    expect(allows(readRule({ user_condition: { 'data.n': null } }), record, anonymous)).toBe(false);
    expect(allows(readRule({ user_condition: { 'data.n': null } }), record, member({}))).toBe(false);
  });

  it('checks record conditions on literals for everyone, anonymous callers included', () => {
    const rule = readRule({ 'data.status': 'published' });
    expect(allows(rule, { ...record, status: 'published' }, anonymous)).toBe(true);
    expect(allows(rule, record, anonymous)).toBe(false);
    expect(allows(rule, { ...record, status: 'published' }, member({ id: 'u9' }))).toBe(true);
    // A missing field counts as null.
    const unset = readRule({ 'data.archived_at': null });
    expect(allows(unset, record, anonymous)).toBe(true);
    expect(allows(unset, { ...record, archived_at: null }, anonymous)).toBe(true);
    expect(allows(unset, { ...record, archived_at: '2024-01-01' }, anonymous)).toBe(false);
  });

  it('checks every record condition, nested paths included', () => {
    const rule = readRule({ 'data.status': 'published', 'data.meta.lang': 'en' });
    expect(allows(rule, { status: 'published', meta: { lang: 'en' } }, anonymous)).toBe(true);
    expect(allows(rule, { status: 'published', meta: { lang: 'fr' } }, anonymous)).toBe(false);
    expect(allows(rule, { status: 'draft', meta: { lang: 'en' } }, anonymous)).toBe(false);
  });

  it('reads only own fields of objects along a path', () => {
    // Through a string, a null, or to an inherited member, the path reads as missing (null for a literal).
    expect(allows(readRule({ 'data.name.length': 3 }), { name: 'abc' }, anonymous)).toBe(false);
    expect(allows(readRule({ 'data.name.length': null }), { name: 'abc' }, anonymous)).toBe(true);
    expect(allows(readRule({ 'data.meta.lang': null }), { meta: null }, anonymous)).toBe(true);
    expect(allows(readRule({ 'data.toString': null }), {}, anonymous)).toBe(true);
    expect(allows(readRule({ 'data.meta.constructor': null }), { meta: {} }, anonymous)).toBe(true);
    expect(allows(readRule({ user_condition: { 'data.toString': null } }), record, member({}))).toBe(false);
  });

  it('matches {{user.*}} templates against the caller’s own fields', () => {
    const mine = readRule({ created_by_id: '{{user.id}}' });
    expect(allows(mine, record, member({ id: 'u1' }))).toBe(true);
    expect(allows(mine, record, member({ id: 'u2' }))).toBe(false);
    expect(allows(mine, record, anonymous)).toBe(false);
    const team = readRule({ 'data.team': '{{user.data.team}}' });
    expect(allows(team, { team: 'red' }, member({ team: 'red' }))).toBe(true);
    expect(allows(team, { team: 'red' }, member({ team: 'blue' }))).toBe(false);
  });

  it('never matches a template whose user field is missing or null, even against a missing or null field', () => {
    const team = readRule({ 'data.team': '{{user.data.team}}' });
    expect(allows(team, {}, member({}))).toBe(false);
    expect(allows(team, { team: null }, member({ team: null }))).toBe(false);
    expect(allows(team, {}, member({ team: null }))).toBe(false);
    expect(allows(team, { team: null }, anonymous)).toBe(false);
    expect(allows(team, {}, anonymous)).toBe(false);
  });

  it('needs the user conditions and the record conditions together', () => {
    const rule = readRule({ user_condition: { role: 'editor' }, created_by: '{{user.email}}' });
    const editor = member({ role: 'editor', email: 'a@example.com' });
    expect(allows(rule, record, editor)).toBe(true);
    expect(allows(rule, { ...record, created_by: 'b@example.com' }, editor)).toBe(false);
    expect(allows(rule, record, member({ role: 'user', email: 'a@example.com' }))).toBe(false);
  });
});
