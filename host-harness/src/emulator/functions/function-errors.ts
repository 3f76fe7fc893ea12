import { ApiError } from '../core/errors.ts';

/**
 * A backend function could not answer: its folder is misconfigured, or its process threw at start, exited, or refused
 * the connection. The caller gets
 * a 500 `function_failed` with a short reason; the function's own output goes to the harness log, never to the caller.
 */
export class FunctionFailedError extends ApiError {
  override name = 'FunctionFailedError';
  constructor(
    readonly functionName: string,
    reason: string,
    /** The last lines the function wrote to stderr. */
    readonly stderr: readonly string[] = [],
  ) {
    super(500, `Function ${functionName} failed: ${reason}`, 'function_failed');
  }
}

/** A backend function did not answer in time: 504 `function_timeout`. */
export class FunctionTimeoutError extends ApiError {
  override name = 'FunctionTimeoutError';
  constructor(functionName: string, timeoutMs: number) {
    super(504, `Function ${functionName} did not answer within ${timeoutMs / 1000} s`, 'function_timeout');
  }
}
