/**
 * A custom integration's registration (`integrations/custom-integrations.ts`): a slug and its operations, with
 * their defaults, validated.
 */
import { describe, expect, it } from 'vitest';
import { parseCustomIntegration } from '../../../../../host-harness/src/emulator/integrations/custom-integrations.ts';
import { refusal } from '../feature-app.ts';

/** The message of the 400 `bad_request` a registration is refused with, or null when it passes. */
function badRequest(run: () => unknown): string | null {
  const refused = refusal(run);
  if (refused) expect([refused.status, refused.code]).toStrictEqual([400, 'bad_request']);
  return refused?.message ?? null;
}

describe('parseCustomIntegration', () => {
  it('reads a slug and its operations, with defaults: status 200, data null, no echo', () => {
    const parsed = parseCustomIntegration({
      slug: 'crm_2-b',
      operations: {
        'get.Contact_1-x': {},
        create: { status_code: 201, data: { id: 7 } },
        echo: { echo: true, status_code: 599 },
        low: { status_code: 100, echo: false, data: 'x' },
      },
    });
    expect(parsed.slug).toBe('crm_2-b');
    expect([...parsed.operations.entries()]).toStrictEqual([
      ['get.Contact_1-x', { status_code: 200, data: null, echo: false }],
      ['create', { status_code: 201, data: { id: 7 }, echo: false }],
      ['echo', { status_code: 599, data: null, echo: true }],
      ['low', { status_code: 100, data: 'x', echo: false }],
    ]);
  });

  it('takes names at their longest and 200 operations', () => {
    const operations = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`op${i}`, {}]));
    expect(parseCustomIntegration({ slug: 's'.repeat(64), operations }).operations.size).toBe(200);
    expect(
      parseCustomIntegration({ slug: 'crm', operations: { ['o'.repeat(128)]: {} } }).operations.size,
    ).toBe(1);
  });

  it('refuses a registration that is not an object, or a bad slug', () => {
    for (const body of [undefined, null, 'x', [{ slug: 'crm' }]])
      expect(
        badRequest(() => parseCustomIntegration(body)),
        JSON.stringify(body),
      ).toBe('The body must be a JSON object');
    for (const slug of [undefined, 5, '', 'has space', 's'.repeat(65), 'a.b', 'crm\n'])
      expect(
        badRequest(() => parseCustomIntegration({ slug, operations: { a: {} } })),
        String(slug),
      ).toBe('slug is required: letters, digits, _ and - (64 at most)');
  });

  it('refuses operations that are not a non-empty object of at most 200', () => {
    for (const operations of [undefined, null, [], [{}], 'a', {}])
      expect(
        badRequest(() => parseCustomIntegration({ slug: 'crm', operations })),
        JSON.stringify(operations),
      ).toBe('operations must be an object of operationId: { status_code?, data?, echo? }');
    const operations = Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`op${i}`, {}]));
    expect(badRequest(() => parseCustomIntegration({ slug: 'crm', operations }))).toBe(
      'operations may hold at most 200 entries',
    );
  });

  it('refuses a bad operation id, naming it (80 characters at most)', () => {
    for (const id of ['bad id!', 'a/b', 'o'.repeat(129), 'x\n'])
      expect(
        badRequest(() => parseCustomIntegration({ slug: 'crm', operations: { [id]: {} } })),
        id,
      ).toBe(`operation id ${JSON.stringify(id.slice(0, 80))} is not a valid name`);
    expect(
      badRequest(() =>
        parseCustomIntegration({ slug: 'crm', operations: { ok: {}, ['o'.repeat(129)]: {} } }),
      ),
    ).toBe(`operation id "${'o'.repeat(80)}" is not a valid name`);
  });

  it('refuses an answer that is not an object, a status outside 100 to 599, a non-boolean echo, or echo with data', () => {
    const refused = (answer: unknown) =>
      badRequest(() => parseCustomIntegration({ slug: 'crm', operations: { get: answer } }));
    for (const answer of [null, 'x', 1, []])
      expect(refused(answer), JSON.stringify(answer)).toBe('operations.get must be an object');
    for (const status_code of [99, 600, 200.5, '200', null, -1])
      expect(refused({ status_code }), String(status_code)).toBe(
        'operations.get.status_code must be an HTTP status (100 to 599)',
      );
    for (const echo of ['yes', 1, null])
      expect(refused({ echo }), String(echo)).toBe('operations.get.echo must be true or false');
    for (const data of [1, null, false, {}])
      expect(refused({ echo: true, data }), JSON.stringify(data)).toBe(
        'operations.get: give either data or echo, not both',
      );
    expect(refused({ echo: false, data: 1 })).toBeNull();
  });
});
