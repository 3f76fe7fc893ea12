import vm from 'node:vm';
import { BadRequestError } from '../../core/errors.ts';

/** How long one request may spend matching `$regex` filters before it is refused. */
export const REGEX_BUDGET_MS = 2_000;

// A caller's `$regex` runs on V8's backtracking engine: `^(a+)+$` against 30 characters, or `.*x` against a 100 KB
// string, blocks the single event loop for minutes (everything else, realtime included, stops). JavaScript cannot
// interrupt a running RegExp, but V8 can: a `vm` script timeout terminates whatever runs inside it, our own
// functions included. One script, one context, reused (no compilation per request).
const context = vm.createContext(); // `run` is set before each use
const script = new vm.Script('run()');

/**
 * Runs `evaluate` (pure, in-memory filtering only: a termination must never cut a database write or an open
 * statement short) and refuses the request with a 400 `query_timeout` when it takes longer than `budgetMs`.
 */
export function withinRegexBudget<T>(evaluate: () => T, budgetMs = REGEX_BUDGET_MS): T {
  // Kept until the next call replaces it: a filter over records the store holds anyway.
  context.run = evaluate;
  try {
    return script.runInContext(context, { timeout: budgetMs }) as T;
  } catch (error) {
    if ((error as { code?: unknown })?.code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') {
      throw new BadRequestError(
        `The query took longer than ${budgetMs} ms: simplify its $regex (nested or repeated quantifiers backtrack without end)`,
        'query_timeout',
      );
    }
    throw error;
  }
}
