/** The in-memory copy of one collection: records by id, and rows in insertion order through adds, changes and deletes. */
import { describe, expect, it } from 'vitest';
import { Collection } from '../../../../../host-harness/src/emulator/entities/collection.ts';

const row = (id: string, seq: number, fields: Record<string, unknown> = {}) => ({
  record: { id, ...fields },
  seq,
});
const order = (collection: Collection) => collection.rows().map((r) => r.record.id);

describe('Collection', () => {
  it('starts empty', () => {
    const collection = new Collection();
    expect(collection.size).toBe(0);
    expect(collection.rows()).toEqual([]);
    expect(collection.get('a')).toBeUndefined();
  });

  it('keeps rows by id and in the order they were added', () => {
    const collection = new Collection();
    const a = row('a', 1);
    collection.add(a);
    collection.add(row('b', 2));
    collection.add(row('c', 3));
    expect(collection.size).toBe(3);
    expect(collection.get('a')).toBe(a);
    expect(order(collection)).toEqual(['a', 'b', 'c']);
  });

  it('replaces a record in place, keeping its position; an unknown id changes nothing', () => {
    const collection = new Collection();
    collection.add(row('a', 1));
    collection.add(row('b', 2));
    collection.replace('a', { id: 'a', v: 2 });
    collection.replace('zz', { id: 'zz' });
    expect(order(collection)).toEqual(['a', 'b']);
    expect(collection.get('a')?.record).toEqual({ id: 'a', v: 2 });
    expect(collection.rows()[0]?.record).toEqual({ id: 'a', v: 2 });
    expect(collection.size).toBe(2);
  });

  it('removes a row, keeping the order of the rest, also for rows added afterwards', () => {
    const collection = new Collection();
    for (const [i, id] of ['a', 'b', 'c'].entries()) collection.add(row(id, i + 1));
    expect(order(collection)).toEqual(['a', 'b', 'c']);
    collection.remove('b');
    expect(collection.size).toBe(2);
    expect(collection.get('b')).toBeUndefined();
    expect(order(collection)).toEqual(['a', 'c']);
    collection.add(row('d', 4));
    expect(order(collection)).toEqual(['a', 'c', 'd']);
    collection.remove('a');
    collection.add(row('e', 5));
    expect(order(collection)).toEqual(['c', 'd', 'e']);
  });

  it('removing an unknown id changes nothing', () => {
    const collection = new Collection();
    collection.add(row('a', 1));
    const before = collection.rows();
    collection.remove('zz');
    expect(collection.rows()).toBe(before);
    expect(order(collection)).toEqual(['a']);
  });
});
