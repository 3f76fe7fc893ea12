/**
 * The control API's first renewal of a subscription anchored later than its start: the anchor, still once the clock
 * has run past it and the subscription's period has moved on.
 */
import { describe, expect, it } from 'vitest';
import { advanceClock } from '../../../../host-harness/payments/checkout/checkout-completion.ts';
import { summarize } from '../../../../host-harness/payments/control/session-summary.ts';
import { at, bought, DAY_S, goldRecord, settings, subscriptionData } from '../checkout-fixtures.ts';

/** Monday 2 March 2026, 10:00 UTC. */
const NOW_S = at('2026-03-02T10:00:00Z');

describe('the first renewal of a subscription anchored later than its start', () => {
  it('is the anchor, before and after the clock passes it', () => {
    const anchor = at('2026-03-20T10:00:00Z');
    const record = bought(
      goldRecord(NOW_S, { subscriptionData: subscriptionData({ billingCycleAnchor: anchor }) }),
      NOW_S,
      'card',
    );
    expect(record.subscription!.start_date).toBe(NOW_S);
    expect(summarize(record, [], NOW_S).first_renewal).toBe('2026-03-20T10:00:00.000Z');
    const later = advanceClock(record, anchor + 3 * DAY_S, settings())!.record;
    const summary = summarize(later, [], anchor + 3 * DAY_S);
    expect(summary.subscription!.current_period_end).toBe('2026-04-20T10:00:00.000Z');
    expect(summary.first_renewal).toBe('2026-03-20T10:00:00.000Z');
    expect(summary.first_renewal_display).toBe('20 March 2026');
  });
});
