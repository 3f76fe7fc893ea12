/**
 * Record bodies and stored values (`core/record-data.ts`): the nesting bound, `$` field names, `__proto__`, numbers too
 * large to store, and the messages each refusal answers.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../../host-harness/src/emulator/core/errors.ts';
import { checkStorableValue, recordData } from '../../../../../host-harness/src/emulator/core/record-data.ts';

function refusal(run: () => unknown): string {
  try {
    run();
    return 'accepted';
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    expect(error.status).toBe(400);
    expect(error.code).toBe('invalid_body');
    return error.message;
  }
}

/** An object whose innermost value (a number) sits `depth` levels below the outer object. */
function objectsDeep(depth: number): Record<string, unknown> {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = { a: value };
  return value as Record<string, unknown>;
}

/** `{ a: [[...[1]...]] }` with the number `depth` levels below the outer object. */
function arraysDeep(depth: number): Record<string, unknown> {
  let value: unknown = 1;
  for (let i = 0; i < depth - 1; i++) value = [value];
  return { a: value };
}

describe('recordData', () => {
  it('allows values 32 levels deep and refuses 33, through objects', () => {
    expect(recordData(objectsDeep(32))).toEqual(objectsDeep(32));
    expect(refusal(() => recordData(objectsDeep(33)))).toBe('The record is nested more than 32 levels deep');
    expect(refusal(() => recordData(objectsDeep(33), 'Record 2'))).toBe(
      'Record 2 is nested more than 32 levels deep',
    );
  });

  it('refuses too-deep values, too-large numbers and $ names inside arrays too', () => {
    expect(recordData(arraysDeep(32))).toEqual(arraysDeep(32));
    expect(refusal(() => recordData(arraysDeep(33)))).toBe('The record is nested more than 32 levels deep');
    expect(refusal(() => recordData(arraysDeep(200)))).toBe('The record is nested more than 32 levels deep');
    expect(refusal(() => recordData({ a: [1, Number.POSITIVE_INFINITY] }))).toBe(
      'The record holds a number too large to store',
    );
    expect(refusal(() => recordData({ a: [{ $gt: 1 }] }))).toBe('Field names cannot start with $: $gt');
  });

  it('refuses very deep objects, not only one level past the bound', () => {
    expect(refusal(() => recordData(objectsDeep(200)))).toBe('The record is nested more than 32 levels deep');
  });

  it('names the record in its default refusal', () => {
    expect(refusal(() => recordData('text'))).toBe('The record must be a JSON object');
    expect(refusal(() => recordData([1]))).toBe('The record must be a JSON object');
  });

  it('refuses a field named __proto__ (as JSON.parse makes it, an own property)', () => {
    const body = JSON.parse('{"title":"x","__proto__":{"admin":true}}') as unknown;
    expect(refusal(() => recordData(body))).toBe('Field name __proto__ is not allowed');
  });

  it('drops the platform fields and keeps the rest', () => {
    expect(recordData({ id: 'x', created_date: 'y', title: 't', proto: 1 })).toEqual({
      title: 't',
      proto: 1,
    });
  });
});

describe('checkStorableValue', () => {
  it('allows $ field names, since these values are never queried', () => {
    expect(() => checkStorableValue({ $event: { $n: 1 } }, 'The event')).not.toThrow();
  });

  it('refuses too-large numbers and too-deep values with the caller’s name', () => {
    expect(refusal(() => checkStorableValue({ n: Number.POSITIVE_INFINITY }, 'The event'))).toBe(
      'The event holds a number too large to store',
    );
    expect(refusal(() => checkStorableValue(objectsDeep(33), 'The event'))).toBe(
      'The event is nested more than 32 levels deep',
    );
    expect(checkStorableValue(objectsDeep(32), 'The event')).toBeUndefined();
  });
});
