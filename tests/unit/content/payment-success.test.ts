/** The payment success page's order reference (src/content/payment-success.ts), read from the address it returns to. */
import { describe, expect, it } from 'vitest';
import { orderReferenceFrom, orderReferenceLength } from '../../../src/content/payment-success.ts';

describe('orderReferenceFrom: the order reference is the last 12 characters of session_id', () => {
  it('takes the last 12 characters', () => {
    expect(orderReferenceFrom('?session_id=cs_test_a1b2c3d4e5f6g7h8i9j0')).toBe('e5f6g7h8i9j0');
    expect(orderReferenceFrom('session_id=cs_test_a1b2c3d4e5f6g7h8i9j0&x=1')).toBe('e5f6g7h8i9j0');
  });

  it('keeps a shorter id whole', () => {
    expect(orderReferenceFrom('?session_id=abc123')).toBe('abc123');
  });

  it('is null when the parameter is missing, empty or not a plausible id', () => {
    expect(orderReferenceFrom('')).toBeNull();
    expect(orderReferenceFrom('?session_id=')).toBeNull();
    expect(orderReferenceFrom('?session_id=%20%20')).toBeNull();
    expect(orderReferenceFrom(`?session_id=${encodeURIComponent('<script>alert(1)</script>')}`)).toBeNull();
    expect(orderReferenceFrom('?session_id=abc%00def')).toBeNull();
  });

  it('handles a huge value in linear time and returns only 12 characters', () => {
    const huge = `cs_${'x'.repeat(200_000)}ABCDEFGHIJKL`;
    expect(orderReferenceFrom(`?session_id=${huge}`)).toBe('ABCDEFGHIJKL');
  });

  it('ignores spaces around the session id', () => {
    const id = 'cs_test_a1B2c3D4e5F6g7H8';
    expect(orderReferenceFrom(`?session_id=${encodeURIComponent(`  ${id} `)}`)).toBe(
      id.slice(-orderReferenceLength),
    );
  });
});
