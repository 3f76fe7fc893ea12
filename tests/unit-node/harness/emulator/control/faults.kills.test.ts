/** A fault's method must look like an HTTP method: three to seven letters. */
import { describe, expect, it } from 'vitest';
import { parseFault } from '../../../../../host-harness/src/emulator/control/faults.ts';
import { ApiError } from '../../../../../host-harness/src/emulator/core/errors.ts';

function refusal(body: unknown): string {
  try {
    parseFault(body);
    return 'accepted';
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'bad_request' });
    return (error as Error).message;
  }
}

describe('parseFault method', () => {
  it('refuses a method that is not three to seven letters', () => {
    for (const method of ['GE', 'G3T', 'GET /', 'OPTIONSX', '', 7, null, ['GET']]) {
      expect(refusal({ path: '/api/thing', method }), JSON.stringify(method)).toBe(
        'method must be an HTTP method such as GET or POST',
      );
    }
  });

  it('accepts three to seven letters, in any case', () => {
    for (const method of ['GET', 'post', 'OPTIONS']) {
      expect(refusal({ path: '/api/thing', method, status: 500 }), method).toBe('accepted');
    }
  });
});
