/**
 * The JSON Schema check of a declared entity's records, per way a record arrives (create, import, update), and the
 * 400 `invalid_record` it answers: the first problem in the message, up to ten in `detail`.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../../host-harness/src/emulator/core/errors.ts';
import { RecordSchema } from '../../../../../host-harness/src/emulator/entities/record-schema.ts';

function refusal(check: () => unknown): { message: string; detail: string | undefined } | 'accepted' {
  try {
    check();
    return 'accepted';
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    expect(error.status).toBe(400);
    expect(error.code).toBe('invalid_record');
    return { message: error.message, detail: error.detail };
  }
}

const taskSchema = () =>
  new RecordSchema('Task', {
    type: 'object',
    properties: {
      title: { type: 'string' },
      done: { type: 'boolean', default: false },
      points: { type: 'integer' },
      owner: { type: 'string', format: 'email' },
      stage: { type: 'string', enum: ['todo', 'doing'], enumNames: ['To do', 'Doing'] },
      steps: {
        type: 'array',
        items: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
      },
      meta: { type: 'object', properties: { 'a/b': { type: 'string' }, 'c~d': { type: 'string' } } },
    },
    required: ['title'],
  });

describe('RecordSchema.check', () => {
  it('answers the record’s own fields, without the platform’s', () => {
    const schema = taskSchema();
    expect(
      schema.check(
        {
          title: 'T',
          done: true,
          id: 'x',
          created_date: 'd',
          updated_date: 'd',
          created_by: 'e',
          created_by_id: 'i',
        },
        'update',
      ),
    ).toEqual({ title: 'T', done: true });
  });

  it('fills defaults on create and import, not on update', () => {
    const schema = taskSchema();
    expect(schema.check({ title: 'T' }, 'create')).toEqual({ title: 'T', done: false });
    expect(schema.check({ title: 'T' }, 'import')).toEqual({ title: 'T', done: false });
    expect(schema.check({ title: 'T' }, 'update')).toEqual({ title: 'T' });
  });

  it('converts CSV text on import only', () => {
    const schema = taskSchema();
    expect(schema.check({ title: 'T', points: '3', done: 'true' }, 'import')).toEqual({
      title: 'T',
      points: 3,
      done: true,
    });
    for (const mode of ['create', 'update'] as const) {
      expect(
        refusal(() => schema.check({ title: 'T', points: '3' }, mode)),
        mode,
      ).toEqual({
        message: 'Task.points must be integer',
        detail: 'Task.points must be integer',
      });
    }
  });

  it('names a missing field, one not allowed, a value off the list and a bad format', () => {
    const schema = taskSchema();
    expect(refusal(() => schema.check({}, 'create'))).toMatchObject({ message: 'Task.title is required' });
    expect(refusal(() => schema.check({ title: 'T', stage: 'done' }, 'create'))).toMatchObject({
      message: 'Task.stage must be one of: "todo", "doing"',
    });
    expect(refusal(() => schema.check({ title: 'T', owner: 'nobody' }, 'create'))).toMatchObject({
      message: 'Task.owner must be a valid email',
    });
    const closed = new RecordSchema('Tag', {
      type: 'object',
      properties: { label: { type: 'string' }, style: { type: 'object', additionalProperties: false } },
      additionalProperties: false,
    });
    expect(refusal(() => closed.check({ label: 'x', colour: 'red' }, 'create'))).toMatchObject({
      message: 'Tag.colour is not a field of Tag',
    });
    expect(refusal(() => closed.check({ style: { bold: true } }, 'create'))).toMatchObject({
      message: 'Tag.style.bold is not a field of Tag',
    });
  });

  it('names nested fields by path: items by index in brackets, names after a dot, escaped names restored', () => {
    const schema = taskSchema();
    expect(refusal(() => schema.check({ title: 'T', steps: [{ name: 'a' }, {}] }, 'create'))).toMatchObject({
      message: 'Task.steps[1].name is required',
    });
    expect(refusal(() => schema.check({ title: 'T', steps: [{ name: 1 }] }, 'create'))).toMatchObject({
      message: 'Task.steps[0].name must be string',
    });
    expect(refusal(() => schema.check({ title: 'T', meta: { 'a/b': 1 } }, 'create'))).toMatchObject({
      message: 'Task.meta.a/b must be string',
    });
    expect(refusal(() => schema.check({ title: 'T', meta: { 'c~d': 1 } }, 'create'))).toMatchObject({
      message: 'Task.meta.c~d must be string',
    });
    const list = new RecordSchema('Grid', {
      type: 'object',
      properties: { rows: { type: 'array', items: { type: 'array', items: { type: 'integer' } } } },
    });
    expect(refusal(() => list.check({ rows: [[1], [2, 'x']] }, 'create'))).toMatchObject({
      message: 'Grid.rows[1][1] must be integer',
    });
    const listSchema = new RecordSchema('List', {
      type: 'object',
      properties: {
        items: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' } } } },
        meta: { type: 'object', properties: { '2nd': { type: 'string' }, '12': { type: 'string' } } },
      },
    });
    // An index of two digits; a name led by a digit after a dot; a name of digits alone as an index.
    const items = Array.from({ length: 12 }, (_, i) => ({ name: i === 11 ? 5 : `n${i}` }));
    expect(refusal(() => listSchema.check({ items }, 'create'))).toMatchObject({
      message: 'List.items[11].name must be string',
    });
    expect(refusal(() => listSchema.check({ meta: { '2nd': 1 } }, 'update'))).toMatchObject({
      message: 'List.meta.2nd must be string',
    });
    expect(refusal(() => listSchema.check({ meta: { '12': 1 } }, 'update'))).toMatchObject({
      message: 'List.meta[12] must be string',
    });
  });

  it('names the entity alone for a problem with the whole record', () => {
    const schema = new RecordSchema('Thing', { type: 'object', minProperties: 1 });
    expect(refusal(() => schema.check({}, 'create'))).toMatchObject({
      message: 'Thing must NOT have fewer than 1 properties',
    });
  });

  it('lists every problem in detail, ten at most, and prefixes the message with where the record is', () => {
    const properties = Object.fromEntries(
      Array.from({ length: 12 }, (_, i) => [`f${i}`, { type: 'integer' }]),
    );
    const wide = new RecordSchema('Wide', { type: 'object', properties });
    const record = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`f${i}`, 'x']));
    const answer = refusal(() => wide.check(record, 'create', 'Record 3'));
    expect(answer).not.toBe('accepted');
    const { message, detail } = answer as { message: string; detail: string };
    expect(message).toBe('Record 3: Wide.f0 must be integer');
    expect(detail.split('; ')).toEqual(Array.from({ length: 10 }, (_, i) => `Wide.f${i} must be integer`));
    expect(refusal(() => wide.check({ f0: 'x', f1: 'y' }, 'create'))).toEqual({
      message: 'Wide.f0 must be integer',
      detail: 'Wide.f0 must be integer; Wide.f1 must be integer',
    });
    expect(refusal(() => wide.check({ f0: 'x' }, 'create', ''))).toMatchObject({
      message: 'Wide.f0 must be integer',
    });
  });

  it('uses the documented formats and ignores the platform’s editor keywords', () => {
    const schema = new RecordSchema('Event', {
      type: 'object',
      properties: {
        at: { type: 'string', format: 'date-time' },
        notes: { type: 'string', format: 'richtext' },
      },
    });
    expect(schema.check({ at: '2024-01-02T03:04:05Z', notes: '<p>x</p>' }, 'create')).toEqual({
      at: '2024-01-02T03:04:05Z',
      notes: '<p>x</p>',
    });
    expect(refusal(() => schema.check({ at: '2024-02-30T00:00' }, 'create'))).toMatchObject({
      message: 'Event.at must be a valid date-time',
    });
    expect(refusal(() => schema.check({ at: 5 }, 'create'))).toMatchObject({
      message: 'Event.at must be string',
    });
  });

  it('refuses to build from a schema that is not valid JSON Schema', () => {
    expect(
      () => new RecordSchema('Bad', { type: 'object', properties: { a: { type: 'strnig' } } }),
    ).toThrow();
    expect(() => new RecordSchema('Bad', { type: 'object', required: 'a' })).toThrow();
    expect(new RecordSchema('Named', { type: 'object' }).entity).toBe('Named');
  });
});
