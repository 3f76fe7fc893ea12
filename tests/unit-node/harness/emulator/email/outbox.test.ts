/** The outbox (`email/outbox.ts`): what the platform would have sent, in sending order. */
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../../../host-harness/src/emulator/core/database.ts';
import { OUTBOX_TABLES, Outbox } from '../../../../../host-harness/src/emulator/email/outbox.ts';

const ID = /^[0-9a-f]{24}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function newOutbox(): Outbox {
  return new Outbox(openDatabase(null, [OUTBOX_TABLES]));
}

describe('Outbox', () => {
  it('stores each message with an id and a date, and lists them in sending order', () => {
    const outbox = newOutbox();
    expect(outbox.list()).toStrictEqual([]);
    const first = outbox.add({
      kind: 'otp',
      to: 'a@example.com',
      subject: 'Code',
      body: '123456',
      code: '123456',
    });
    const second = outbox.add({ kind: 'email', to: 'b@example.com', subject: 'Hi', body: 'Hello' });
    expect(first).toStrictEqual({
      id: first.id,
      kind: 'otp',
      to: 'a@example.com',
      subject: 'Code',
      body: '123456',
      code: '123456',
      created_date: first.created_date,
    });
    expect(first.id).toMatch(ID);
    expect(first.created_date).toMatch(ISO);
    expect(second.id).not.toBe(first.id);
    expect(outbox.list()).toStrictEqual([first, second]);
  });
});
