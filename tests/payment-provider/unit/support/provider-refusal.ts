/** The provider error a call throws, as its status and body fields (fails the test when it throws nothing else). */
import { expect } from 'vitest';
import { isProviderError } from '../../../../host-harness/payments/api/provider-error.ts';

export interface Refusal {
  status: number;
  type: string;
  message: string;
  param?: string;
  code?: string;
}

export function refusalOf(call: () => unknown): Refusal {
  let thrown: unknown;
  try {
    call();
  } catch (error) {
    thrown = error;
  }
  expect(isProviderError(thrown), `expected a provider error, got ${String(thrown)}`).toBe(true);
  const error = thrown as { status: number; toBody(): { error: Omit<Refusal, 'status'> } };
  return { status: error.status, ...error.toBody().error };
}
