/**
 * The entity routes' time budget for `$regex` (`entities/entity-routes.ts`): it applies to filters with a `$regex`
 * only. With a budget that refuses everything (the real budget, given 1 ms and a match that never ends), a regex-free
 * list, count or delete-many still answers, while one with `$regex` is refused with 400 query_timeout. A file of its
 * own because the budget is replaced for every test in it; the real budget's cut is in `entity-routes.test.ts`.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accessApp, answered, entities } from '../access-app.ts';
import type { FeatureApp } from '../feature-app.ts';

vi.mock('../../../../../host-harness/src/emulator/entities/query/time-budget.ts', async (importOriginal) => {
  const actual =
    await importOriginal<
      typeof import('../../../../../host-harness/src/emulator/entities/query/time-budget.ts')
    >();
  return {
    ...actual,
    withinRegexBudget: () =>
      actual.withinRegexBudget(() => {
        for (;;) {}
      }, 1),
  };
});

const TIMEOUT = {
  status: 400,
  body: {
    message:
      'The query took longer than 1 ms: simplify its $regex (nested or repeated quantifiers backtrack without end)',
    code: 'query_timeout',
  },
};

let running: FeatureApp;
beforeEach(async () => {
  running = await accessApp();
});
afterEach(async () => {
  await running.close();
});

const q = (filter: unknown) => `q=${encodeURIComponent(JSON.stringify(filter))}`;

async function seed(): Promise<void> {
  const answer = await running.call('POST', entities('Thing', '/bulk'), {
    as: 'service',
    body: [{ n: 1 }, { n: 2 }, { n: 3 }],
  });
  expect(answer.status).toBe(200);
}

describe('the regex time budget', () => {
  it('never holds up a list or a count without $regex', async () => {
    await seed();
    const listed = await running.call('GET', `${entities('Thing')}?${q({ n: { $gte: 2 } })}&sort=n`, {
      as: 'admin',
    });
    expect(listed.status).toBe(200);
    expect(listed.body.map((r: { n: number }) => r.n)).toStrictEqual([2, 3]);
    const all = await running.call('GET', `${entities('Thing')}?sort=n`, { as: 'admin' });
    expect(all.body.map((r: { n: number }) => r.n)).toStrictEqual([1, 2, 3]);
    expect(
      answered(await running.call('GET', `${entities('Thing', '/count')}?${q({ n: 1 })}`, { as: 'admin' })),
    ).toStrictEqual({ status: 200, body: { count: 1 } });
    expect(answered(await running.call('GET', entities('Thing', '/count'), { as: 'admin' }))).toStrictEqual({
      status: 200,
      body: { count: 3 },
    });
  });

  it('refuses a list and a count with $regex once over budget', async () => {
    await seed();
    const regex = q({ name: { $regex: 'a' } });
    expect(
      answered(await running.call('GET', `${entities('Thing')}?${regex}`, { as: 'admin' })),
    ).toStrictEqual(TIMEOUT);
    expect(
      answered(await running.call('GET', `${entities('Thing', '/count')}?${regex}`, { as: 'admin' })),
    ).toStrictEqual(TIMEOUT);
  });

  it('deletes many without $regex outside the budget, and refuses with $regex', async () => {
    await seed();
    expect(
      answered(
        await running.call('DELETE', entities('Thing'), { as: 'admin', body: { name: { $regex: 'a' } } }),
      ),
    ).toStrictEqual(TIMEOUT);
    expect(
      answered(await running.call('DELETE', entities('Thing'), { as: 'admin', body: { n: { $lte: 2 } } })),
    ).toStrictEqual({ status: 200, body: { success: true, deleted: 2 } });
    expect(answered(await running.call('GET', entities('Thing', '/count'), { as: 'admin' }))).toStrictEqual({
      status: 200,
      body: { count: 1 },
    });
  });
});
