/** A sparse array nested two levels deep is refused naming its full bracketed path. */
import { describe, expect, it } from 'vitest';
import { decodeForm } from '../../../../host-harness/payments/api/form-decode.ts';
import { refusalOf } from '../support/provider-refusal.ts';

describe('decodeForm', () => {
  it('names a nested sparse array by its whole path', () => {
    expect(
      refusalOf(() => decodeForm(new URLSearchParams({ 'a[b][c][0]': 'x', 'a[b][c][2]': 'y' }).toString())),
    ).toStrictEqual({
      status: 400,
      type: 'invalid_request_error',
      message: 'Invalid array: indexes must start at 0 and have no gaps',
      param: 'a[b][c]',
    });
  });
});
