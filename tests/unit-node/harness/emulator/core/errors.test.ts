/**
 * The emulator's errors (`core/errors.ts`): the platform's `{ message, detail?, code?, extra_data? }` body and status
 * of each kind.
 */
import { describe, expect, it } from 'vitest';
import {
  ApiError,
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  notRegisteredError,
  UnauthorizedError,
} from '../../../../../host-harness/src/emulator/core/errors.ts';

describe('ApiError', () => {
  it('a body of the message alone, or with each of detail, code and extra data when given', () => {
    const bare = new ApiError(418, 'short');
    expect(bare).toBeInstanceOf(Error);
    expect(bare.name).toBe('ApiError');
    expect(bare.message).toBe('short');
    expect(bare.status).toBe(418);
    expect(bare.toBody()).toStrictEqual({ message: 'short' });
    expect(new ApiError(400, 'm', 'c', 'd', { k: 1 }).toBody()).toStrictEqual({
      message: 'm',
      detail: 'd',
      code: 'c',
      extra_data: { k: 1 },
    });
    expect(new ApiError(400, 'm', undefined, 'd').toBody()).toStrictEqual({ message: 'm', detail: 'd' });
    expect(new ApiError(400, 'm', 'c').toBody()).toStrictEqual({ message: 'm', code: 'c' });
    expect(new ApiError(400, 'm', undefined, undefined, {}).toBody()).toStrictEqual({
      message: 'm',
      extra_data: {},
    });
    expect(new ApiError(400, 'm', '', '').toBody()).toStrictEqual({ message: 'm', detail: '', code: '' });
  });

  it('each kind: its name, status and default code', () => {
    const cases: [ApiError, string, number, string][] = [
      [new BadRequestError('b'), 'BadRequestError', 400, 'bad_request'],
      [new UnauthorizedError(), 'UnauthorizedError', 401, 'auth_required'],
      [new ForbiddenError('f'), 'ForbiddenError', 403, 'forbidden'],
      [new NotFoundError('n'), 'NotFoundError', 404, 'not_found'],
      [new ConflictError('c'), 'ConflictError', 409, 'conflict'],
    ];
    for (const [error, name, status, code] of cases) {
      expect(error, name).toBeInstanceOf(ApiError);
      expect({ name: error.name, status: error.status, code: error.code }).toStrictEqual({
        name,
        status,
        code,
      });
    }
    expect(new UnauthorizedError().message).toBe('Authentication required');
  });

  it('each kind with its own message, code and detail or extra data', () => {
    expect(new BadRequestError('b', 'invalid_body', 'why').toBody()).toStrictEqual({
      message: 'b',
      detail: 'why',
      code: 'invalid_body',
    });
    expect(new UnauthorizedError('u', 'token_expired').toBody()).toStrictEqual({
      message: 'u',
      code: 'token_expired',
    });
    expect(new ForbiddenError('f', 'nope', { a: 1 }).toBody()).toStrictEqual({
      message: 'f',
      code: 'nope',
      extra_data: { a: 1 },
    });
    expect(new NotFoundError('n', 'gone').toBody()).toStrictEqual({ message: 'n', code: 'gone' });
    expect(new ConflictError('c', 'taken').toBody()).toStrictEqual({ message: 'c', code: 'taken' });
  });

  it('the platform’s 403 for an account that is not a member of the app', () => {
    const error = notRegisteredError();
    expect(error).toBeInstanceOf(ForbiddenError);
    expect(error.status).toBe(403);
    expect(error.toBody()).toStrictEqual({
      message: 'User not registered for this app',
      code: 'user_not_registered',
      extra_data: { reason: 'user_not_registered' },
    });
  });
});
