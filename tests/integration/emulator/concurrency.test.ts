import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entities, type Running, startEmulator } from './emulator-harness.ts';

let h: Running;

beforeAll(async () => {
  h = await startEmulator();
});
afterAll(() => h.close());

describe('concurrent updates', () => {
  it('200 parallel $inc updates to one counter lose none', async () => {
    const token = await h.tokenOf('user');
    const record = (await h.call('POST', entities('Counter'), { token, body: { counter: 0 } })).body;
    const answers = await Promise.all(
      Array.from({ length: 200 }, () =>
        h.call('PUT', entities('Counter', `/${record.id}`), { token, body: { $inc: { counter: 1 } } }),
      ),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    // Each update saw a distinct value: they were applied one after another, atomically.
    expect(new Set(answers.map((a) => a.body.counter)).size).toBe(200);
    expect((await h.call('GET', entities('Counter', `/${record.id}`), { token })).body.counter).toBe(200);
  });
});
