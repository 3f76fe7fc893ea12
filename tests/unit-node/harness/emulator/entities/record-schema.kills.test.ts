/** How a failing field is named: array indexes of any length in brackets, digit-led names after a dot. */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../../host-harness/src/emulator/core/errors.ts';
import { RecordSchema } from '../../../../../host-harness/src/emulator/entities/record-schema.ts';

function message(check: () => unknown): string {
  try {
    check();
    return 'accepted';
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    expect(error.code).toBe('invalid_record');
    return error.message;
  }
}

const listSchema = () =>
  new RecordSchema('List', {
    type: 'object',
    properties: {
      items: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' } } } },
      meta: { type: 'object', properties: { '2nd': { type: 'string' }, '12': { type: 'string' } } },
    },
  });

describe('RecordSchema field names', () => {
  it('writes an index of two digits in brackets', () => {
    const items = Array.from({ length: 12 }, (_, i) => ({ name: i === 11 ? 5 : `n${i}` }));
    expect(message(() => listSchema().check({ items }, 'create'))).toBe('List.items[11].name must be string');
  });

  it('writes a name that starts with a digit after a dot, and an all-digit name as an index', () => {
    expect(message(() => listSchema().check({ meta: { '2nd': 1 } }, 'update'))).toBe(
      'List.meta.2nd must be string',
    );
    expect(message(() => listSchema().check({ meta: { '12': 1 } }, 'update'))).toBe(
      'List.meta[12] must be string',
    );
  });

  it('names the entity alone for a problem with the whole record', () => {
    const schema = new RecordSchema('Thing', { type: 'object', minProperties: 1 });
    expect(message(() => schema.check({}, 'create'))).toBe('Thing must NOT have fewer than 1 properties');
  });
});
