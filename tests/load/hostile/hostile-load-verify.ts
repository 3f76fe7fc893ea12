/** Reads back every write the emulator acknowledged during a hostile-load run, one request per record. */
import type http from 'node:http';
import { bearer, type CaseContext, json, q } from './hostile-load-cases.ts';
import { send } from './hostile-load-http.ts';
import type { Violation } from './hostile-load-report.ts';

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const READERS = 8;

/** Checks every acknowledged record (fields and `$inc` total), the run's record count, and every upload's content. */
export async function verifyLedger(
  base: string,
  agent: http.Agent,
  ctx: CaseContext,
  when: string,
): Promise<{ verified: number; violations: Violation[] }> {
  const violations: Violation[] = [];
  const fail = (label: string, detail: string) =>
    violations.push({ category: 'read-back', label: `${label} (${when})`, detail });
  const headers = { ...json, ...bearer(ctx.userToken) };
  const list = `/api/apps/${ctx.app}/entities/${ctx.entity}`;
  let verified = 0;
  const queue = [...ctx.ledger.records.entries()];
  const reader = async () => {
    for (let next = queue.pop(); next; next = queue.pop()) {
      const [id, expected] = next;
      const answer = await send(base, agent, { method: 'GET', path: `${list}/${id}`, headers });
      if (answer.status !== 200) {
        fail(`record ${id}`, `read answered ${answer.status}: ${answer.text.slice(0, 120)}`);
        continue;
      }
      const record = JSON.parse(answer.text) as Record<string, unknown>;
      const wrong = Object.entries(expected.fields).find(([key, value]) => !sameJson(record[key], value));
      if (wrong)
        fail(
          `record ${id}`,
          `${wrong[0]} is ${JSON.stringify(record[wrong[0]])}, acknowledged ${JSON.stringify(wrong[1])}`,
        );
      else if ((record.counter ?? 0) !== expected.counter)
        fail(`record ${id}`, `counter is ${String(record.counter)}, acknowledged ${expected.counter}`);
      else verified++;
    }
  };
  await Promise.all(Array.from({ length: READERS }, reader));

  const count = await send(base, agent, {
    method: 'GET',
    path: `${list}/count?${q({ run: ctx.runId })}`,
    headers,
  });
  const counted = count.status === 200 ? (JSON.parse(count.text) as { count: number }).count : -1;
  if (counted !== ctx.ledger.records.size)
    fail('count', `${counted} records of this run, ${ctx.ledger.records.size} acknowledged`);

  for (const upload of ctx.ledger.uploads) {
    const answer = await send(base, agent, { method: 'GET', path: upload.path });
    if (answer.status !== 200 || answer.text !== upload.content)
      fail(`upload ${upload.path}`, `answered ${answer.status} with other content`);
  }
  return { verified, violations };
}
