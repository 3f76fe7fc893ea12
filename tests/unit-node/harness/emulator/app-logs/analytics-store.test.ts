/** Analytics batches as stored (`app-logs/analytics-store.ts`): all or nothing, each event checked first. */
import { describe, expect, it } from 'vitest';
import {
  ANALYTICS_TABLES,
  AnalyticsStore,
} from '../../../../../host-harness/src/emulator/app-logs/analytics-store.ts';
import { openDatabase } from '../../../../../host-harness/src/emulator/core/database.ts';
import { APP, refusal } from '../feature-app.ts';

describe('AnalyticsStore', () => {
  function store(): AnalyticsStore {
    return new AnalyticsStore(openDatabase(null, [ANALYTICS_TABLES]));
  }

  it('stores a batch and answers how many were stored, counted per app', () => {
    const analytics = store();
    expect(analytics.addBatch(APP, [{ event_name: 'a' }, { event_name: 'b', $props: { x: 1 } }])).toBe(2);
    expect(analytics.addBatch(APP, [])).toBe(0);
    expect(analytics.addBatch('other-app', [{ event_name: 'c' }])).toBe(1);
    expect(analytics.count(APP)).toBe(2);
    expect(analytics.count('other-app')).toBe(1);
    expect(analytics.count('none')).toBe(0);
  });

  it('takes up to 1,000 events, names of 1 to 200 characters and events of 16 KB as JSON', () => {
    const analytics = store();
    expect(
      analytics.addBatch(
        APP,
        Array.from({ length: 1_000 }, () => ({ event_name: 'e' })),
      ),
    ).toBe(1_000);
    expect(analytics.addBatch(APP, [{ event_name: 'n'.repeat(200) }])).toBe(1);
    const padding = 16 * 1024 - JSON.stringify({ event_name: 'big', pad: '' }).length;
    expect(analytics.addBatch(APP, [{ event_name: 'big', pad: 'p'.repeat(padding) }])).toBe(1);
    expect(analytics.count(APP)).toBe(1_002);
  });

  it('refuses a batch that is not a list or has more than 1,000 events', () => {
    const analytics = store();
    for (const events of [undefined, null, 'x', { event_name: 'a' }])
      expect(
        refusal(() => analytics.addBatch(APP, events)),
        JSON.stringify(events),
      ).toStrictEqual({
        status: 400,
        code: 'invalid_body',
        message: 'The body must be {events: [...]}',
      });
    expect(
      refusal(() =>
        analytics.addBatch(
          APP,
          Array.from({ length: 1_001 }, () => ({ event_name: 'e' })),
        ),
      ),
    ).toStrictEqual({ status: 400, code: 'invalid_body', message: 'At most 1000 events per batch' });
    expect(analytics.count(APP)).toBe(0);
  });

  it('refuses the whole batch for one bad event, naming it and what is wrong', () => {
    const analytics = store();
    const good = { event_name: 'ok' };
    const cases: [unknown, string][] = [
      ['x', 'Event 1 must be a JSON object'],
      [null, 'Event 1 must be a JSON object'],
      [[], 'Event 1 must be a JSON object'],
      [{}, 'Event 1: event_name must be a string of 1 to 200 characters'],
      [{ event_name: '' }, 'Event 1: event_name must be a string of 1 to 200 characters'],
      [{ event_name: 5 }, 'Event 1: event_name must be a string of 1 to 200 characters'],
      [{ event_name: 'n'.repeat(201) }, 'Event 1: event_name must be a string of 1 to 200 characters'],
      [{ event_name: 'big', pad: 'p'.repeat(16 * 1024) }, 'Event 1 is larger than 16384 characters as JSON'],
      [
        { event_name: 'deep', value: JSON.parse(`${'['.repeat(40)}${']'.repeat(40)}`) },
        'Event 1 is nested more than 32 levels deep',
      ],
    ];
    for (const [event, message] of cases)
      expect(
        refusal(() => analytics.addBatch(APP, [good, event, good])),
        message,
      ).toStrictEqual({
        status: 400,
        code: 'invalid_body',
        message,
      });
    const padding = 16 * 1024 - JSON.stringify({ event_name: 'big', pad: '' }).length;
    expect(
      refusal(() => analytics.addBatch(APP, [{ event_name: 'big', pad: 'p'.repeat(padding + 1) }]))?.message,
    ).toBe('Event 0 is larger than 16384 characters as JSON');
    expect(analytics.count(APP)).toBe(0);
  });
});
