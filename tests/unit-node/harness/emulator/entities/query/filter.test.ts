/**
 * The filter language of the contract (`q`, `deleteMany`): what each operator matches, and the 400 `invalid_query`
 * (with its message) for anything else, so that a typo never silently matches everything.
 */
import { describe, expect, it } from 'vitest';
import {
  compileFilter,
  parseQueryParam,
  usesRegex,
} from '../../../../../../host-harness/src/emulator/entities/query/filter.ts';
import { outcome } from '../../outcome.ts';

type Doc = Record<string, unknown>;

/** The names of the records `query` matches. */
function matching(query: unknown, records: Doc[]): unknown[] {
  const predicate = compileFilter(query);
  return records.filter((record) => predicate(record)).map((record) => record.name);
}

/** The message of the 400 invalid_query a query is refused with, or 'done'. */
/** The message of the 400 invalid_query `call` is refused with, or 'done'. */
const refusal = (call: () => unknown): string => outcome(call).replace(/^400 invalid_query: /, '');

const people = (): Doc[] => [
  { name: 'ann', age: 30, tags: ['a', 'b'], city: 'Leeds', address: { town: 'Leeds' }, active: true },
  { name: 'bo', age: 25, tags: ['b'], city: 'York', address: { town: 'York' }, active: false },
  { name: 'cy', age: '40', tags: [], city: null, nested: [[1]] },
  { name: 'di', age: 30.5, scores: [10, 50], city: 'leeds' },
];

describe('equality', () => {
  it('matches a field equal to a value, a dotted path, and several fields together', () => {
    expect(matching({ age: 30 }, people())).toEqual(['ann']);
    expect(matching({ 'address.town': 'York' }, people())).toEqual(['bo']);
    expect(matching({ city: 'Leeds', age: 30 }, people())).toEqual(['ann']);
    expect(matching({ city: 'Leeds', age: 25 }, people())).toEqual([]);
    expect(matching({}, people())).toEqual(['ann', 'bo', 'cy', 'di']);
  });

  it('matches null for a missing or null field, and an array when any item is equal', () => {
    expect(matching({ city: null }, people())).toEqual(['cy']);
    expect(matching({ address: null }, people())).toEqual(['cy', 'di']);
    expect(matching({ tags: 'b' }, people())).toEqual(['ann', 'bo']);
    expect(matching({ tags: ['b'] }, people())).toEqual(['bo']);
    expect(matching({ tags: [] }, people())).toEqual(['cy']);
    expect(matching({ nested: [1] }, people())).toEqual(['cy']);
    expect(matching({ address: { town: 'York' } }, people())).toEqual(['bo']);
  });

  it('$eq and $ne', () => {
    expect(matching({ age: { $eq: 30 } }, people())).toEqual(['ann']);
    expect(matching({ tags: { $eq: 'a' } }, people())).toEqual(['ann']);
    expect(matching({ age: { $ne: 30 } }, people())).toEqual(['bo', 'cy', 'di']);
    expect(matching({ tags: { $ne: 'b' } }, people())).toEqual(['cy', 'di']);
    expect(matching({ city: { $ne: null } }, people())).toEqual(['ann', 'bo', 'di']);
  });
});

describe('ranges', () => {
  it('$gt, $gte, $lt and $lte on numbers, at their bounds', () => {
    expect(matching({ age: { $gt: 30 } }, people())).toEqual(['di']);
    expect(matching({ age: { $gte: 30 } }, people())).toEqual(['ann', 'di']);
    expect(matching({ age: { $lt: 30 } }, people())).toEqual(['bo']);
    expect(matching({ age: { $lte: 30 } }, people())).toEqual(['ann', 'bo']);
    expect(matching({ age: { $gt: 25, $lt: 30.5 } }, people())).toEqual(['ann']);
  });

  it('compare only values of the same kind, and any item of an array', () => {
    expect(matching({ age: { $gte: '0' } }, people())).toEqual(['cy']);
    expect(matching({ city: { $gte: 'Leeds' } }, people())).toEqual(['ann', 'bo', 'di']);
    expect(matching({ city: { $lt: 'Z' } }, people())).toEqual(['ann', 'bo']);
    expect(matching({ active: { $gt: false } }, people())).toEqual(['ann']);
    expect(matching({ scores: { $gt: 40 } }, people())).toEqual(['di']);
    expect(matching({ scores: { $lt: 11 } }, people())).toEqual(['di']);
    expect(matching({ city: { $lte: null } }, people())).toEqual([]);
    expect(matching({ missing: { $lt: 1 } }, people())).toEqual([]);
  });

  it('refuse an object or array bound', () => {
    for (const op of ['$gt', '$gte', '$lt', '$lte']) {
      expect(
        refusal(() => compileFilter({ age: { [op]: { a: 1 } } })),
        op,
      ).toBe(`${op} needs a number, string, boolean or null`);
      expect(
        refusal(() => compileFilter({ age: { [op]: [1] } })),
        op,
      ).toBe(`${op} needs a number, string, boolean or null`);
    }
    expect(refusal(() => compileFilter({ age: { $gt: null } }))).toBe('done');
  });
});

describe('$in, $nin and $exists', () => {
  it('$in and $nin on values and arrays', () => {
    expect(matching({ age: { $in: [25, 30] } }, people())).toEqual(['ann', 'bo']);
    expect(matching({ tags: { $in: ['a'] } }, people())).toEqual(['ann']);
    expect(matching({ city: { $in: [null] } }, people())).toEqual(['cy']);
    expect(matching({ address: { $in: [null] } }, people())).toEqual(['cy', 'di']);
    expect(matching({ age: { $nin: [25, 30] } }, people())).toEqual(['cy', 'di']);
    expect(matching({ age: { $in: [] } }, people())).toEqual([]);
    expect(matching({ age: { $nin: [] } }, people())).toEqual(['ann', 'bo', 'cy', 'di']);
  });

  it('refuse anything but an array', () => {
    expect(refusal(() => compileFilter({ age: { $in: 30 } }))).toBe('$in needs an array');
    expect(refusal(() => compileFilter({ age: { $nin: { a: 1 } } }))).toBe('$nin needs an array');
  });

  it('$exists: present (null counts) or absent', () => {
    expect(matching({ city: { $exists: true } }, people())).toEqual(['ann', 'bo', 'cy', 'di']);
    expect(matching({ scores: { $exists: true } }, people())).toEqual(['di']);
    expect(matching({ scores: { $exists: false } }, people())).toEqual(['ann', 'bo', 'cy']);
    expect(refusal(() => compileFilter({ age: { $exists: 1 } }))).toBe('$exists needs true or false');
    expect(refusal(() => compileFilter({ age: { $exists: 'true' } }))).toBe('$exists needs true or false');
  });
});

describe('$regex', () => {
  it('matches strings (any item of an array), with the flags of $options', () => {
    expect(matching({ city: { $regex: '^Lee' } }, people())).toEqual(['ann']);
    expect(matching({ city: { $regex: '^lee', $options: 'i' } }, people())).toEqual(['ann', 'di']);
    expect(matching({ city: { $regex: '^lee', $options: '' } }, people())).toEqual(['di']);
    expect(matching({ tags: { $regex: 'a' } }, people())).toEqual(['ann']);
    expect(matching({ age: { $regex: '3' } }, people())).toEqual([]);
    expect(matching({ name: { $regex: 'a.n', $options: 's' } }, people())).toEqual(['ann']);
    expect(matching({ name: { $regex: '^b$', $options: 'm' } }, [{ name: 'a\nb' }])).toEqual(['a\nb']);
    expect(matching({ name: { $regex: '\\p{L}', $options: 'u' } }, [{ name: 'é' }])).toEqual(['é']);
    expect(matching({ name: { $regex: '^B', $options: 'imsu' } }, people())).toEqual(['bo']);
  });

  it('refuses a pattern that is not a string, too long or invalid, and $options other than a text of the flags imsu', () => {
    expect(refusal(() => compileFilter({ name: { $regex: 5 } }))).toBe('$regex needs a string pattern');
    expect(refusal(() => compileFilter({ name: { $regex: 'x'.repeat(512) } }))).toBe('done');
    expect(refusal(() => compileFilter({ name: { $regex: 'x'.repeat(513) } }))).toBe(
      '$regex pattern is longer than 512 characters',
    );
    expect(refusal(() => compileFilter({ name: { $regex: '(' } }))).toBe(
      '$regex is not a valid regular expression: (',
    );
    for (const options of ['g', 'ig', 'gi', 'y', 'x', 1, null]) {
      expect(
        refusal(() => compileFilter({ name: { $regex: 'a', $options: options } })),
        String(options),
      ).toBe('$options may contain only the flags i, m, s and u');
    }
    // Values that read as valid flags once turned into text are not text.
    for (const options of [null, ['i'], ['im'], { toString: () => 'i' }, 1]) {
      expect(
        outcome(() => compileFilter({ name: { $regex: 'a', $options: options } })),
        String(options),
      ).toBe('400 invalid_query: $options may contain only the flags i, m, s and u');
    }
    expect(refusal(() => compileFilter({ name: { $options: 'i' } }))).toBe(
      '$options is only allowed next to $regex',
    );
  });

  it('marks the filters that run a regular expression, wherever it is', () => {
    expect(usesRegex(null)).toBe(false);
    expect(usesRegex(compileFilter({ name: 'ann' }))).toBe(false);
    expect(usesRegex(compileFilter({ name: { $in: ['a'] } }))).toBe(false);
    expect(usesRegex(compileFilter({ name: { $regex: 'a' } }))).toBe(true);
    expect(usesRegex(compileFilter({ $or: [{ age: 1 }, { name: { $not: 'a' } }] }))).toBe(true);
    expect(usesRegex(compileFilter({ $and: [{ name: { $not: { $regex: 'a' } } }] }))).toBe(true);
    // A refused query marks nothing: the next filter is judged on its own.
    expect(refusal(() => compileFilter({ name: { $regex: 'a' }, $bad: 1 }))).toBe('Unknown operator $bad');
    expect(usesRegex(compileFilter({ age: 1 }))).toBe(false);
    // Each compiled filter is told apart, whatever was compiled before it.
    const plainFirst = compileFilter({ n: 1 });
    const regex = compileFilter({ name: { $regex: '^a' } });
    const negated = compileFilter({ name: { $not: '^a' } });
    const plainAfter = compileFilter({ n: { $gt: 1 } });
    expect([plainFirst, regex, negated, plainAfter].map(usesRegex)).toEqual([false, true, true, false]);
  });
});

describe('$not', () => {
  it('negates an operator object, a plain value, or a regex given as a string', () => {
    expect(matching({ age: { $not: { $gte: 30 } } }, people())).toEqual(['bo', 'cy']);
    expect(matching({ address: { $not: { town: 'York' } } }, people())).toEqual(['ann', 'cy', 'di']);
    expect(matching({ city: { $not: '^Lee' } }, people())).toEqual(['bo', 'cy', 'di']);
  });

  it('refuses anything else', () => {
    for (const arg of [5, true, null, ['a']]) {
      expect(
        refusal(() => compileFilter({ age: { $not: arg } })),
        JSON.stringify(arg),
      ).toBe('$not needs an operator object');
    }
  });
});

describe('logical operators', () => {
  it('$and, $or, $nor and a top-level $not', () => {
    expect(matching({ $and: [{ city: 'Leeds' }, { age: 30 }] }, people())).toEqual(['ann']);
    expect(matching({ $and: [{ city: 'Leeds' }, { age: 25 }] }, people())).toEqual([]);
    expect(matching({ $or: [{ city: 'York' }, { age: 30 }] }, people())).toEqual(['ann', 'bo']);
    expect(matching({ $nor: [{ city: 'York' }, { age: 30 }] }, people())).toEqual(['cy', 'di']);
    expect(matching({ $not: { city: 'York' } }, people())).toEqual(['ann', 'cy', 'di']);
    expect(matching({ $or: [{ age: 30 }], name: 'bo' }, people())).toEqual([]);
  });

  it('refuse an empty or missing list of conditions', () => {
    for (const op of ['$and', '$or', '$nor']) {
      for (const arg of [[], {}, 'x', null]) {
        expect(
          refusal(() => compileFilter({ [op]: arg })),
          `${op} ${JSON.stringify(arg)}`,
        ).toBe(`${op} needs a non-empty array of conditions`);
      }
    }
    expect(refusal(() => compileFilter({ $not: [] }))).toBe('A query must be a JSON object');
    expect(refusal(() => compileFilter({ $or: [5] }))).toBe('A query must be a JSON object');
  });
});

describe('what a query may not be', () => {
  it('a query is a JSON object', () => {
    for (const query of [null, [], 'x', 1, [{ a: 1 }]]) {
      expect(
        refusal(() => compileFilter(query)),
        JSON.stringify(query),
      ).toBe('A query must be a JSON object');
    }
  });

  it('unknown operators, at the top or in a condition', () => {
    expect(refusal(() => compileFilter({ $where: 'x' }))).toBe('Unknown operator $where');
    expect(refusal(() => compileFilter({ $text: { $search: 'x' } }))).toBe('Unknown operator $text');
    expect(refusal(() => compileFilter({ age: { $size: 1 } }))).toBe('Unknown operator $size');
    expect(refusal(() => compileFilter({ age: { $elemMatch: {} } }))).toBe('Unknown operator $elemMatch');
  });

  it('operators mixed with field names in one condition', () => {
    expect(refusal(() => compileFilter({ address: { $eq: 1, town: 'x' } }))).toBe(
      'Operators and field names cannot be mixed in one condition: $eq, town',
    );
    expect(refusal(() => compileFilter({ address: { town: 'x', $eq: 1 } }))).toBe(
      'Operators and field names cannot be mixed in one condition: town, $eq',
    );
  });

  it('a field name that is not a field path', () => {
    for (const key of ['', 'a..b', '.a', 'a.', 'a b', 'a/b', '-a', 'a.-b', 'é']) {
      expect(
        refusal(() => compileFilter({ [key]: 1 })),
        key,
      ).toBe(`Invalid field name in query: ${key}`);
    }
    for (const key of ['a', 'A_1', '_a', '1a', 'a-b', 'a.b', 'a.b_c.d-e', 'a.1', 'x'.repeat(200)]) {
      expect(
        refusal(() => compileFilter({ [key]: 1 })),
        key,
      ).toBe('done');
    }
  });
});

describe('nesting depth (16 levels at most)', () => {
  const tooDeep = 'Query is nested more than 16 levels deep';
  /** `levels` nested $and around `inner`. */
  const ands = (levels: number, inner: Doc): Doc =>
    levels === 0 ? inner : { $and: [ands(levels - 1, inner)] };
  /** `levels` nested $not operators around `inner`. */
  const nots = (levels: number, inner: Doc): Doc =>
    levels === 0 ? inner : { $not: nots(levels - 1, inner) };
  /** `levels` nested arrays around `inner`. */
  const arrays = (levels: number, inner: unknown): unknown =>
    levels === 0 ? inner : [arrays(levels - 1, inner)];

  it('counts logical levels', () => {
    expect(refusal(() => compileFilter(ands(16, {})))).toBe('done');
    expect(refusal(() => compileFilter(ands(17, {})))).toBe(tooDeep);
    expect(refusal(() => compileFilter(nots(16, {})))).toBe('done');
    expect(refusal(() => compileFilter(nots(17, {})))).toBe(tooDeep);
  });

  it('counts operator levels', () => {
    expect(refusal(() => compileFilter({ a: nots(15, { $exists: true }) }))).toBe('done');
    expect(refusal(() => compileFilter({ a: nots(16, { $exists: true }) }))).toBe(tooDeep);
  });

  it('takes a $not pattern deep in logical levels, and matches with it', () => {
    const match = compileFilter(ands(7, { name: { $not: '^a' } }));
    expect(match({ name: 'bob' })).toBe(true);
    expect(match({ name: 'alice' })).toBe(false);
  });

  it('counts the levels of a value compared with', () => {
    expect(refusal(() => compileFilter({ a: arrays(15, 1) }))).toBe('done');
    expect(refusal(() => compileFilter({ a: arrays(16, 1) }))).toBe(tooDeep);
    expect(refusal(() => compileFilter({ a: { $eq: arrays(15, 1) } }))).toBe('done');
    expect(refusal(() => compileFilter({ a: { $eq: arrays(16, 1) } }))).toBe(tooDeep);
    expect(refusal(() => compileFilter({ a: { $ne: arrays(16, 1) } }))).toBe(tooDeep);
    expect(refusal(() => compileFilter({ a: { $in: arrays(15, 1) } }))).toBe('done');
    expect(refusal(() => compileFilter({ a: { $in: arrays(16, 1) } }))).toBe(tooDeep);
    expect(refusal(() => compileFilter({ a: { $not: { b: arrays(13, 1) } } }))).toBe('done');
    expect(refusal(() => compileFilter({ a: { $not: { b: arrays(14, 1) } } }))).toBe(tooDeep);
  });
});

describe('parseQueryParam: the q parameter', () => {
  it('is no filter when absent or empty', () => {
    expect(parseQueryParam(undefined)).toBeNull();
    expect(parseQueryParam('')).toBeNull();
  });

  it('is the compiled JSON filter', () => {
    const predicate = parseQueryParam('{"age":{"$gt":26}}')!;
    expect(
      people()
        .filter((record) => predicate(record))
        .map((record) => record.name),
    ).toEqual(['ann', 'di']);
    expect(usesRegex(parseQueryParam('{"city":{"$regex":"^L"}}'))).toBe(true);
  });

  it('refuses a repeated parameter, invalid JSON, or a query that is not an object', () => {
    expect(refusal(() => parseQueryParam(['{}', '{}']))).toBe('q must be given once, as a JSON string');
    expect(refusal(() => parseQueryParam({}))).toBe('q must be given once, as a JSON string');
    expect(refusal(() => parseQueryParam('{age:1}'))).toBe('q is not valid JSON');
    expect(refusal(() => parseQueryParam('5'))).toBe('A query must be a JSON object');
  });
});
