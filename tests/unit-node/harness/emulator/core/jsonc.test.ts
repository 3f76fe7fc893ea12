/**
 * Project files in JSONC (`core/jsonc.ts`): a byte-order mark, comments and trailing commas; `__proto__` keys and empty
 * files refused, with at most three problems named in one message.
 */
import { describe, expect, it } from 'vitest';
import { parseJsonc } from '../../../../../host-harness/src/emulator/core/jsonc.ts';

function problem(text: string): string {
  try {
    parseJsonc(text);
    return 'parsed';
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    return error.message;
  }
}

describe('parseJsonc', () => {
  it('skips a leading byte-order mark and keeps one inside a string', () => {
    expect(parseJsonc('\uFEFF{"a": 1}')).toEqual({ a: 1 });
    expect(parseJsonc('{"a": "x\uFEFFy"}')).toEqual({ a: 'x\uFEFFy' });
  });

  it('refuses a property named __proto__, naming where it is', () => {
    expect(problem('{\n  "name": "Task",\n  "__proto__": {}\n}')).toBe(
      'a property named __proto__ at line 3, column 3',
    );
    expect(problem('{"__proto__": 1}')).toBe('a property named __proto__ at line 1, column 2');
  });

  it('refuses an empty file', () => {
    expect(problem('')).not.toBe('parsed');
    expect(problem('  // only a comment\n')).not.toBe('parsed');
  });

  it('names three problems at most', () => {
    const message = problem(
      '{"__proto__": 1, "__proto__": 2, "__proto__": 3, "__proto__": 4, "__proto__": 5}',
    );
    expect(message.split('; ')).toHaveLength(3);
    expect(message).toBe(
      'a property named __proto__ at line 1, column 2; a property named __proto__ at line 1, column 18; ' +
        'a property named __proto__ at line 1, column 34',
    );
  });

  it('allows comments and trailing commas', () => {
    expect(parseJsonc('{\n  // a comment\n  "a": [1, 2,],\n}')).toEqual({ a: [1, 2] });
  });
});
