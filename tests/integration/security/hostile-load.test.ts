import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '../../load/hostile/hostile-load-cases.ts';
import { formatReport, runHostileLoad } from '../../load/hostile/hostile-load-runner.ts';

// Bad input under load (docs/security.md, "HTTP faults and nothing lost"): the CI-sized run of `npm run load:hostile`
// (which sends 5,000).
describe('emulator under hostile input and load', () => {
  it('1,500 malformed, hostile and valid requests: no 5xx, each answer in its class, every acknowledged write read back live and after a restart', async () => {
    const report = await runHostileLoad({ requests: 1_500, concurrency: 8, timeBudgetMs: 80_000 });
    console.log(formatReport(report));
    expect(report.violations).toEqual([]);
    expect(report.requests).toBe(1_500);
    expect(report.serverErrors).toBe(0);
    expect(report.noAnswer).toBe(0);
    expect(report.healthAfter).toBe(true);
    expect(report.databaseIntegrity).toBe('ok');
    expect(report.writes.acknowledged).toBeGreaterThan(100);
    expect(report.writes.readBackLive).toBe(report.writes.acknowledged);
    expect(report.writes.readBackAfterRestart).toBe(report.writes.acknowledged);
    expect(report.writes.uploads).toBeGreaterThan(10);
    for (const category of CATEGORIES) {
      const answered = Object.values(report.byCategory[category] ?? {}).reduce((a, b) => a + b, 0);
      expect(answered, `${category} was tried`).toBeGreaterThan(0);
      const { tried, passed } = report.outcomes[category]!;
      expect(tried, `${category} tried`).toBe(answered);
      expect(passed, `${category}: ${passed} of ${tried} passed`).toBe(tried);
    }
    // The perimeter, and the inputs that used to end in a 500 or in half-stored data.
    for (const category of [
      'foreign-host',
      'cross-origin-control',
      'foreign-socket',
      'register-owned-fields',
      'json-bounds',
      'batch-one-bad',
      'long-slash-paths',
    ] as const) {
      expect(report.outcomes[category]!.tried, `${category} tried`).toBeGreaterThanOrEqual(5);
    }
    // Every kind of slow client once beside the mix (cut with a 408 while the mix went on), line breaks in e-mail and
    // HTTP headers, and bodies off the contract; nothing they were refused was sent, paid or changed.
    expect(report.outcomes['slow-clients']!.tried).toBe(6);
    for (const category of ['header-line-breaks', 'off-contract-bodies'] as const) {
      expect(report.outcomes[category]!.tried, `${category} tried`).toBeGreaterThanOrEqual(20);
    }
    // Functions called by other pages (refused before they run), and miniflare's loopback server probed with every
    // path and MF-Original-URL a local program might send (refused, never with a stack).
    for (const category of ['cross-site-functions', 'miniflare-loopback'] as const) {
      expect(report.outcomes[category]!.tried, `${category} tried`).toBeGreaterThanOrEqual(20);
    }
  }, 150_000);
});
