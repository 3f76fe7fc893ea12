/** What the emulator's access checks and writes answer, as one comparable string. */
import { ApiError } from '../../../../host-harness/src/emulator/core/errors.ts';

/** 'done', or the status, code and message of the ApiError `call` threw (any other error is thrown on). */
export function outcome(call: () => unknown): string {
  try {
    call();
    return 'done';
  } catch (error) {
    return describeRefusal(error);
  }
}

/** The same for an asynchronous call. */
export async function settled(call: () => Promise<unknown>): Promise<string> {
  try {
    await call();
    return 'done';
  } catch (error) {
    return describeRefusal(error);
  }
}

function describeRefusal(error: unknown): string {
  if (!(error instanceof ApiError)) throw error;
  return `${error.status} ${error.code}: ${error.message}`;
}
