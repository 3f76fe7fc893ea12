/** A session that can no longer be paid: its page ends with the session's reference and then only why. */
import { describe, expect, it } from 'vitest';
import { expireIfDue } from '../../../host-harness/payments/checkout/checkout-completion.ts';
import { payBody } from '../../../host-harness/payments/pay-page/pay-page-view.ts';
import { at, DAY_S, goldRecord } from './checkout-fixtures.ts';

const NOW_S = at('2026-03-02T10:00:00Z');

describe('an expired session', () => {
  it('shows nothing between its reference and why it cannot be paid', () => {
    const record = expireIfDue(goldRecord(NOW_S), NOW_S + DAY_S)!.record;
    const page = payBody(record, NOW_S + DAY_S);
    expect(
      page.endsWith(
        `<p class="ref">Session ${record.session.id}</p>\n\n\n<p class="error" role="alert">This checkout session has expired: it can no longer be paid. Go back to the site and start again.</p>`,
      ),
    ).toBe(true);
  });
});
