/**
 * `Core.SendEmail`'s message (`email/send-email.ts`): one message in the outbox for exactly one address, with a
 * subject and a sender's name that hold no line break and stay within their lengths; anything else is a 400 naming the
 * field, and nothing is stored.
 */
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../../../host-harness/src/emulator/core/database.ts';
import { OUTBOX_TABLES, Outbox } from '../../../../../host-harness/src/emulator/email/outbox.ts';
import { sendEmail } from '../../../../../host-harness/src/emulator/email/send-email.ts';
import { refusal } from '../feature-app.ts';

function newOutbox(): Outbox {
  return new Outbox(openDatabase(null, [OUTBOX_TABLES]));
}

describe('sendEmail', () => {
  it('stores one e-mail and answers its id', () => {
    const outbox = newOutbox();
    const answer = sendEmail(outbox, {
      to: 'jane@example.com',
      subject: 'Your order',
      body: 'Thanks',
      from_name: 'Agency',
    });
    const [stored] = outbox.list();
    expect(answer).toStrictEqual({ success: true, id: stored?.id });
    expect(stored).toStrictEqual({
      id: answer.id,
      kind: 'email',
      to: 'jane@example.com',
      subject: 'Your order',
      body: 'Thanks',
      from_name: 'Agency',
      created_date: stored?.created_date,
    });
  });

  it('an absent subject is empty and an absent sender’s name is left out', () => {
    const outbox = newOutbox();
    sendEmail(outbox, { to: 'jane@example.com', body: 'Thanks' });
    const [stored] = outbox.list();
    expect(stored).toStrictEqual({
      id: stored?.id,
      kind: 'email',
      to: 'jane@example.com',
      subject: '',
      body: 'Thanks',
      created_date: stored?.created_date,
    });
    expect(Object.keys(stored ?? {})).not.toContain('from_name');
  });

  it('takes an empty subject and sender’s name, and each at its longest', () => {
    const outbox = newOutbox();
    sendEmail(outbox, {
      to: 'jane@example.com',
      subject: 's'.repeat(500),
      from_name: 'n'.repeat(200),
      body: 'b'.repeat(200_000),
    });
    sendEmail(outbox, { to: 'jane@example.com', subject: '', from_name: '', body: 'x' });
    const [long, empty] = outbox.list();
    expect(long?.subject).toHaveLength(500);
    expect(long?.from_name).toHaveLength(200);
    expect(long?.body).toHaveLength(200_000);
    expect(empty?.subject).toBe('');
    expect(empty?.from_name).toBe('');
  });

  it('refuses a recipient that is missing, too long, not one address or holds a line break', () => {
    const outbox = newOutbox();
    expect(refusal(() => sendEmail(outbox, { body: 'x' }))).toStrictEqual({
      status: 400,
      code: 'invalid_body',
      message: 'to is required and must be a string of at most 254 characters',
    });
    expect(
      refusal(() => sendEmail(outbox, { to: `${'l'.repeat(64)}@${'d'.repeat(186)}.com`, body: 'x' }))
        ?.message,
    ).toBe('to is required and must be a string of at most 254 characters');
    expect(refusal(() => sendEmail(outbox, { to: 'a@example.com\nb@example.com', body: 'x' }))).toStrictEqual(
      {
        status: 400,
        code: 'invalid_header_field',
        message: 'to must not contain a line break (CR, LF, U+0085, U+2028 or U+2029)',
      },
    );
    for (const to of ['a@example.com, b@example.com', 'Jane <jane@example.com>', 'jane'])
      expect(
        refusal(() => sendEmail(outbox, { to, body: 'x' })),
        to,
      ).toStrictEqual({
        status: 400,
        code: 'invalid_email',
        message: 'to must be one e-mail address (not a list, nor a name with an address)',
      });
    expect(outbox.list()).toStrictEqual([]);
  });

  it('refuses a subject or sender’s name that is not text, too long or holds a line break', () => {
    const outbox = newOutbox();
    const base = { to: 'jane@example.com', body: 'x' };
    expect(refusal(() => sendEmail(outbox, { ...base, subject: 's'.repeat(501) }))).toStrictEqual({
      status: 400,
      code: 'invalid_body',
      message: 'subject must be a string of at most 500 characters',
    });
    expect(refusal(() => sendEmail(outbox, { ...base, subject: 5 }))?.message).toBe(
      'subject must be a string of at most 500 characters',
    );
    expect(refusal(() => sendEmail(outbox, { ...base, subject: null }))?.message).toBe(
      'subject must be a string of at most 500 characters',
    );
    expect(refusal(() => sendEmail(outbox, { ...base, subject: 'Hi\r\nBcc: x@example.com' }))).toStrictEqual({
      status: 400,
      code: 'invalid_header_field',
      message: 'subject must not contain a line break (CR, LF, U+0085, U+2028 or U+2029)',
    });
    expect(refusal(() => sendEmail(outbox, { ...base, from_name: 'n'.repeat(201) }))).toStrictEqual({
      status: 400,
      code: 'invalid_body',
      message: 'from_name must be a string of at most 200 characters',
    });
    expect(refusal(() => sendEmail(outbox, { ...base, from_name: 'A\u2028B' }))).toStrictEqual({
      status: 400,
      code: 'invalid_header_field',
      message: 'from_name must not contain a line break (CR, LF, U+0085, U+2028 or U+2029)',
    });
    expect(outbox.list()).toStrictEqual([]);
  });

  it('refuses a missing, empty or too long body', () => {
    const outbox = newOutbox();
    for (const body of [undefined, '', 'b'.repeat(200_001), 3])
      expect(refusal(() => sendEmail(outbox, { to: 'jane@example.com', body }))).toStrictEqual({
        status: 400,
        code: 'invalid_body',
        message: 'body is required and must be a string of at most 200000 characters',
      });
    expect(outbox.list()).toStrictEqual([]);
  });
});
