/**
 * Production-shaped errors: every failure leaves the emulator as `{ message, detail?, code?, extra_data? }` with the
 * status the hosted platform would use. Routes throw these; the error handler turns them into responses.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly detail?: string,
    readonly extraData?: Record<string, unknown>,
  ) {
    super(message);
  }

  toBody(): Record<string, unknown> {
    return {
      message: this.message,
      ...(this.detail !== undefined ? { detail: this.detail } : {}),
      ...(this.code !== undefined ? { code: this.code } : {}),
      ...(this.extraData !== undefined ? { extra_data: this.extraData } : {}),
    };
  }
}

export class BadRequestError extends ApiError {
  override name = 'BadRequestError';
  constructor(message: string, code = 'bad_request', detail?: string) {
    super(400, message, code, detail);
  }
}

export class UnauthorizedError extends ApiError {
  override name = 'UnauthorizedError';
  constructor(message = 'Authentication required', code = 'auth_required') {
    super(401, message, code);
  }
}

export class ForbiddenError extends ApiError {
  override name = 'ForbiddenError';
  constructor(message: string, code = 'forbidden', extraData?: Record<string, unknown>) {
    super(403, message, code, undefined, extraData);
  }
}

export class NotFoundError extends ApiError {
  override name = 'NotFoundError';
  constructor(message: string, code = 'not_found') {
    super(404, message, code);
  }
}

export class ConflictError extends ApiError {
  override name = 'ConflictError';
  constructor(message: string, code = 'conflict') {
    super(409, message, code);
  }
}

/** The 403 the platform answers when the signed-in account is not a member of the app. */
export function notRegisteredError(): ForbiddenError {
  return new ForbiddenError('User not registered for this app', 'user_not_registered', {
    reason: 'user_not_registered',
  });
}
