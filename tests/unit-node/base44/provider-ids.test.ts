/**
 * The bound on the provider's ids (provider-ids.ts): visible ASCII text of 1 to 255 characters ("Stripe-generated
 * object IDs, which can contain up to 255 characters"); anything else is not one of its ids.
 */
import { describe, expect, it } from 'vitest';
import { isProviderId, MAX_ID_LENGTH } from '../../../base44/functions/stripeWebhook/provider-ids.ts';

describe('an id of the provider’s', () => {
  it('is visible ASCII text, up to 255 characters', () => {
    expect(MAX_ID_LENGTH).toBe(255);
    for (const id of [
      'sub_1Mx',
      'cs_test_a1B2c3',
      'evt_checkout.session.completed',
      'x',
      'a'.repeat(255),
      '!~',
    ])
      expect(isProviderId(id), id).toBe(true);
  });

  it('is not empty, longer, spaced, controlled, non-ASCII, or anything but text', () => {
    for (const id of [
      '',
      'a'.repeat(256),
      `sub_${'x'.repeat(4_996)}`,
      'sub 1',
      'sub_1\n',
      '\tsub_1',
      'sub_\u200B1',
      'sub_é',
      'sub_\u007f',
      7,
      null,
      undefined,
      { id: 'sub_1' },
    ])
      expect(isProviderId(id), JSON.stringify(id)).toBe(false);
  });
});
