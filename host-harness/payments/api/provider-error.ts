/**
 * An error of the payment-provider double in the provider's own shape, `{ error: { type, message, param?,
 * code? } }`, so that the provider's SDK inside a function raises the typed error it would raise against the
 * real API.
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
    return {
      error: {
        type: this.type,
        message: this.message,
        ...(this.param !== undefined ? { param: this.param } : {}),
        ...(this.code !== undefined ? { code: this.code } : {}),
      },
    };
  }
}

/** A 400 `invalid_request_error` naming the parameter at fault. */
export function invalidRequest(message: string, param?: string, code?: string): ProviderError {
  return new ProviderError(400, 'invalid_request_error', message, param, code);
}

/** Guard that also works for an error from another copy of this module (tests load it separately). */
export function isProviderError(error: unknown): error is ProviderError {
  return error instanceof ProviderError || (error as Error | null)?.name === 'ProviderError';
}
