/** A caller's `$regex` filter runs within a time budget: past it, the request is refused instead of the server hanging. */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../../../host-harness/src/emulator/core/errors.ts';
import { withinRegexBudget } from '../../../../../../host-harness/src/emulator/entities/query/time-budget.ts';

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('nothing was thrown');
}

describe('withinRegexBudget', () => {
  it('answers what the evaluation answers', () => {
    expect(withinRegexBudget(() => [1, 2, 3].filter((n) => n > 1))).toEqual([2, 3]);
    expect(withinRegexBudget(() => 'x', 50)).toBe('x');
  });

  it('refuses with 400 query_timeout an evaluation that runs past the budget', () => {
    const started = Date.now();
    const error = thrown(() =>
      withinRegexBudget(() => {
        // Bounded, so that a budget that is not enforced shows as a failure rather than a hang.
        while (Date.now() - started < 3_000);
        return 'finished';
      }, 30),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).code).toBe('query_timeout');
    expect((error as Error).message).toBe(
      'The query took longer than 30 ms: simplify its $regex (nested or repeated quantifiers backtrack without end)',
    );
    expect(Date.now() - started).toBeLessThan(2_500);
  });

  it('cuts a catastrophic regular expression short', () => {
    const error = thrown(() => withinRegexBudget(() => /^(a+)+$/.test(`${'a'.repeat(40)}!`), 30));
    expect((error as ApiError).code).toBe('query_timeout');
  });

  it('passes the evaluation’s own errors on unchanged, whatever they are', () => {
    const own = new Error('own');
    expect(
      thrown(() =>
        withinRegexBudget(() => {
          throw own;
        }),
      ),
    ).toBe(own);
    expect(
      thrown(() =>
        withinRegexBudget(() => {
          throw undefined;
        }),
      ),
    ).toBeUndefined();
    expect(
      thrown(() =>
        withinRegexBudget(() => {
          throw null;
        }),
      ),
    ).toBeNull();
    const coded = Object.assign(new Error('coded'), { code: 'ERR_OTHER' });
    expect(
      thrown(() =>
        withinRegexBudget(() => {
          throw coded;
        }),
      ),
    ).toBe(coded);
  });

  it('runs each evaluation it is given, one after another', () => {
    expect([1, 2, 3].map((n) => withinRegexBudget(() => n * 2))).toEqual([2, 4, 6]);
  });
});
