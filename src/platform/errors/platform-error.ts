/** What every platform failure carries, besides its message. */
export interface PlatformErrorOptions {
  /** HTTP status; undefined when no response arrived (network failure, timeout, abort). */
  status?: number | undefined;
  /** Machine-readable code: from the body or the connector header, else the client's own code. */
  code?: string | undefined;
  /** Parsed response body (text when it was not JSON). */
  data?: unknown;
  /** The underlying failure, when there was one. */
  cause?: unknown;
}

/**
 * The one error type of the platform client: every module, functions included, rejects with it or a subclass.
 * Branch on `code` (or a guard such as {@link isPlatformError}), never on `message`.
 */
export class PlatformError extends Error {
  override name = 'PlatformError';
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly data: unknown;

  constructor(message: string, options: PlatformErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.status = options.status;
    this.code = options.code;
    this.data = options.data;
  }
}

/**
 * True when `value` is a `PlatformError` of this realm or another one (an iframe, a second copy of the bundle):
 * `instanceof` fails across realms, so the `name` family is checked too.
 */
export function isPlatformError(value: unknown): value is PlatformError {
  return (
    value instanceof PlatformError ||
    // `[object Error]` holds for errors of any realm; the name family tells ours apart.
    (Object.prototype.toString.call(value) === '[object Error]' &&
      /^(Platform\w*|Realtime)Error$/.test(String((value as Error).name)))
  );
}

/** Builds a cross-realm guard for one subclass, by its `name`. */
export function createErrorGuard<T extends PlatformError>(name: string): (value: unknown) => value is T {
  return (value): value is T => isPlatformError(value) && value.name === name;
}
