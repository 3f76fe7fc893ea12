/** The shape scan before JSON.parse: escaped quotes, stray closers, the deepest object's keys, default messages. */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../../../host-harness/src/emulator/core/errors.ts';
import {
  jsonShapeProblem,
  MAX_JSON_DEPTH,
  MAX_JSON_OBJECT_KEYS,
  parseBoundedJson,
} from '../../../../../../host-harness/src/emulator/core/http/json-shape.ts';

const object = (keys: number) => `{${Array.from({ length: keys }, (_, i) => `"k${i}":0`).join(',')}}`;

function refusal(text: string, where?: string): { message: string; code: string | undefined } | 'parsed' {
  try {
    if (where === undefined) parseBoundedJson(text);
    else parseBoundedJson(text, where);
    return 'parsed';
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    expect(error.status).toBe(400);
    return { message: error.message, code: error.code };
  }
}

describe('jsonShapeProblem', { timeout: 60_000 }, () => {
  it('names the request body by default', () => {
    expect(jsonShapeProblem('['.repeat(MAX_JSON_DEPTH + 1))).toBe(
      'The request body is nested more than 32 levels deep (objects and arrays)',
    );
  });

  it('does not end a string at an escaped quote, so brackets after it are text', () => {
    const text = `["\\"${'{'.repeat(40)}"]`;
    expect(JSON.parse(text)).toEqual([`"${'{'.repeat(40)}`]);
    expect(jsonShapeProblem(text)).toBeNull();
  });

  it('does not let stray closing brackets buy extra depth', () => {
    expect(jsonShapeProblem(`${']'.repeat(5)}${'['.repeat(MAX_JSON_DEPTH + 1)}`)).toBe(
      'The request body is nested more than 32 levels deep (objects and arrays)',
    );
    expect(jsonShapeProblem(`]${'['.repeat(MAX_JSON_DEPTH + 1)}`)).toMatch(/nested more than 32/);
  });

  it('counts the keys of an object at the deepest allowed level', () => {
    const deepest = (keys: number) =>
      `${'['.repeat(MAX_JSON_DEPTH - 1)}${object(keys)}${']'.repeat(MAX_JSON_DEPTH - 1)}`;
    expect(jsonShapeProblem(deepest(MAX_JSON_OBJECT_KEYS))).toBeNull();
    expect(jsonShapeProblem(deepest(MAX_JSON_OBJECT_KEYS + 1))).toBe(
      'The request body has an object with more than 10000 keys',
    );
  });
});

describe('parseBoundedJson', () => {
  it('answers 400 invalid_json naming the request body by default, or the caller’s name', () => {
    expect(refusal('{"a":')).toEqual({ message: 'The request body is not valid JSON', code: 'invalid_json' });
    expect(refusal('{"a":', 'The event')).toEqual({
      message: 'The event is not valid JSON',
      code: 'invalid_json',
    });
  });

  it('answers 400 invalid_body for a too-deep body, before parsing', () => {
    expect(refusal('['.repeat(40))).toEqual({
      message: 'The request body is nested more than 32 levels deep (objects and arrays)',
      code: 'invalid_body',
    });
  });
});
