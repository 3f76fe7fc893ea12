/**
 * An error of the double in the provider's own shape, `{ error: { type, message, param?, code? } }`, so that the SDK
 * inside a function raises the typed error it would raise against the real API.
 */
export class ProviderError extends Error {
  override name = 'ProviderError';
  constructor(
    readonly status: number,
    readonly type: 'invalid_request_error' | 'idempotency_error' | 'api_error' | 'authentication_error',
    message: string,
    readonly param?: string,
    readonly code?: string,
  ) {
    super(message);
  }
  toBody(): { error: Record<string, string> } {
    const { type, message, param, code } = this;
    return {
      error: {
        type,
        message,
        ...(param === undefined ? {} : { param }),
        ...(code === undefined ? {} : { code }),
      },
    };
  }
}

/** A 400 `invalid_request_error` naming the parameter at fault. */
export const invalidRequest = (message: string, param?: string, code?: string) =>
  new ProviderError(400, 'invalid_request_error', message, param, code);

/** Guard that also works for an error from another copy of this module (tests load it separately). */
export const isProviderError = (error: unknown): error is ProviderError =>
  error instanceof ProviderError || (error as Error | null)?.name === 'ProviderError';
