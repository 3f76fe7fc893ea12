/**
 * One entity declaration file (`base44/entities/<Name>.jsonc`): what is read from it, and the EntityFileError (naming
 * the file) for anything the emulator would not enforce as the platform does.
 */
import { describe, expect, it } from 'vitest';
import {
  EntityFileError,
  readEntityFile,
} from '../../../../../host-harness/src/emulator/entities/entity-file.ts';

const declaration = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({ name: 'Task', type: 'object', properties: { title: { type: 'string' } }, ...extra });

function problem(file: string, text: string): string {
  try {
    readEntityFile(file, text);
    return 'accepted';
  } catch (error) {
    expect(error).toBeInstanceOf(EntityFileError);
    expect((error as Error).name).toBe('EntityFileError');
    const message = (error as Error).message;
    expect(message.startsWith(`${file}: `)).toBe(true);
    return message.slice(file.length + 2);
  }
}

describe('readEntityFile', () => {
  it('reads the name, the schema and the rules, keeping the file for messages', () => {
    const declared = readEntityFile(
      '/project/entities/Task.jsonc',
      `// a comment
      {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://example.com/task",
        "name": "Task", "type": "object", "description": "kept for the editor",
        "properties": { "title": { "type": "string" }, "done": { "type": "boolean", "default": false } },
        "required": ["title"],
        "rls": { "create": false },
      }`,
    );
    expect(declared.name).toBe('Task');
    expect(declared.file).toBe('/project/entities/Task.jsonc');
    expect(declared.rls).toEqual({ create: false, read: true, update: true, delete: true });
    expect(declared.schema.entity).toBe('Task');
    expect(declared.schema.check({ title: 'x' }, 'create')).toEqual({ title: 'x', done: false });
    expect(() => declared.schema.check({}, 'create')).toThrow('Task.title is required');
  });

  it('passes the rest of the schema on, and no required list when there is none', () => {
    const closed = readEntityFile('Task.json', declaration({ additionalProperties: false }));
    expect(() => closed.schema.check({ other: 1 }, 'create')).toThrow('Task.other is not a field of Task');
    expect(readEntityFile('Task.json', declaration()).schema.check({}, 'create')).toEqual({});
  });

  it('accepts the file named as the entity or in kebab-case, .jsonc or .json', () => {
    const team = (file: string) =>
      problem(file, JSON.stringify({ name: 'TeamMember2Role', type: 'object', properties: {} }));
    for (const file of [
      'TeamMember2Role.jsonc',
      'team-member2-role.jsonc',
      'dir/team-member2-role.json',
      'TeamMember2Role.json',
    ]) {
      expect(team(file), file).toBe('accepted');
    }
    for (const file of [
      'teammember2role.jsonc',
      'team-member-2-role.jsonc',
      'Team-Member2-Role.jsonc',
      'TeamMember2Role.txt',
      'TeamMember2Role.jsonc.bak',
    ]) {
      expect(team(file), file).toMatch(/^"name" is TeamMember2Role, but the file is named /);
    }
    expect(problem('dir/Other.jsonc', declaration())).toBe(
      '"name" is Task, but the file is named Other.jsonc (expected Task.jsonc)',
    );
    // Only a final .json or .jsonc comes off the file name.
    const taskx = JSON.stringify({ name: 'Taskx', type: 'object', properties: {} });
    expect(problem('/project/entities/Task.jsonx', taskx)).toBe(
      '"name" is Taskx, but the file is named Task.jsonx (expected Taskx.jsonc)',
    );
    expect(readEntityFile('/project/entities/Taskx.jsonc', taskx).name).toBe('Taskx');
  });

  it('refuses text that is not a JSONC object', () => {
    expect(problem('Task.jsonc', '{ "name": ')).toBe(
      'not valid JSONC (ValueExpected at line 1, column 11; CloseBraceExpected at line 1, column 11)',
    );
    for (const text of ['[]', '"Task"', 'null', '3']) {
      expect(problem('Task.jsonc', text), text).toBe('must hold a JSON object');
    }
  });

  it('refuses a missing or invalid name', () => {
    expect(problem('Task.jsonc', declaration({ name: 5 }))).toBe(
      '"name" must be the entity\'s name, a string',
    );
    expect(problem('Task.jsonc', JSON.stringify({ type: 'object', properties: {} }))).toBe(
      '"name" must be the entity\'s name, a string',
    );
    expect(problem('1Task.jsonc', declaration({ name: '1Task' }))).toBe(
      'Invalid entity name: "1Task". Names start with a letter and contain only letters, digits and _ (64 at most).',
    );
  });

  it('refuses a type other than object, and properties that are not field definitions', () => {
    expect(problem('Task.jsonc', declaration({ type: 'array' }))).toBe('"type" must be "object"');
    expect(problem('Task.jsonc', declaration({ type: undefined }))).toBe('"type" must be "object"');
    for (const properties of [undefined, [], 'x', null]) {
      expect(problem('Task.jsonc', declaration({ properties })), JSON.stringify(properties)).toBe(
        '"properties" must be an object of field definitions',
      );
    }
    for (const definition of ['string', null, [], 3]) {
      expect(
        problem('Task.jsonc', declaration({ properties: { title: definition } })),
        JSON.stringify(definition),
      ).toBe('properties.title must be an object such as { "type": "string" }');
    }
  });

  it('refuses a required list that is not an array of names', () => {
    for (const required of ['title', [1], ['title', null], {}]) {
      expect(problem('Task.jsonc', declaration({ required })), JSON.stringify(required)).toBe(
        '"required" must be an array of field names',
      );
    }
    expect(problem('Task.jsonc', declaration({ required: [] }))).toBe('accepted');
  });

  it('refuses a schema Ajv cannot compile, and a rule the emulator does not support', () => {
    expect(problem('Task.jsonc', declaration({ properties: { title: { type: 'text' } } }))).toMatch(
      /^the schema is not valid JSON Schema \(schema is invalid: data\/properties\/title\/type .+\)$/,
    );
    expect(problem('Task.jsonc', declaration({ rls: { read: { $or: [] } } }))).toBe(
      'rls.read.$or: the operator $or is not supported by the local emulator',
    );
    expect(problem('Task.jsonc', declaration({ rls: 'open' }))).toBe(
      'rls must be an object with create, read, update and delete rules',
    );
  });
});
