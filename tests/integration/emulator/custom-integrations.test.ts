import { createClient } from '@base44/sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { APP, type Running, startEmulator } from './emulator-harness.ts';

let h: Running;
const clients: { cleanup(): void }[] = [];
const custom = (slug: string, operation: string) =>
  `/api/apps/${APP}/integrations/custom/${slug}/${operation}`;
const register = (body: unknown) => h.call('POST', '/__harness/custom-integrations', { body });

function client() {
  const made = createClient({ serverUrl: h.url, appId: APP });
  clients.push(made);
  return made;
}

beforeAll(async () => {
  h = await startEmulator();
});
afterAll(async () => {
  for (const c of clients) c.cleanup();
  await h.close();
});
beforeEach(() => h.emulator.reset());

describe('custom integrations', () => {
  it('answers a registered operation through @base44/sdk 0.8.50 integrations.custom.call', async () => {
    const registered = await register({
      slug: 'crm',
      operations: {
        getContact: { data: { id: '7', name: 'Ada' } },
        echoBack: { echo: true },
        failing: { status_code: 502, data: { error: 'upstream down' } },
      },
    });
    expect(registered.body).toEqual({
      ok: true,
      slug: 'crm',
      operations: ['getContact', 'echoBack', 'failing'],
    });
    const base44 = client();
    expect(await base44.integrations.custom.call('crm', 'getContact', { pathParams: { id: '7' } })).toEqual({
      success: true,
      status_code: 200,
      data: { id: '7', name: 'Ada' },
    });
    // Echo answers what arrived: the SDK renames pathParams and queryParams to path_params and query_params.
    expect(
      await base44.integrations.custom.call('crm', 'echoBack', {
        payload: { note: 'hello' },
        pathParams: { id: '7' },
        queryParams: { full: 'true' },
      }),
    ).toEqual({
      success: true,
      status_code: 200,
      data: { payload: { note: 'hello' }, path_params: { id: '7' }, query_params: { full: 'true' } },
    });
    expect(await base44.integrations.custom.call('crm', 'failing', {})).toEqual({
      success: false,
      status_code: 502,
      data: { error: 'upstream down' },
    });
  });

  it('answers 404 for an unknown slug or operation, also through the SDK', async () => {
    await register({ slug: 'crm', operations: { getContact: {} } });
    for (const path of [custom('nope', 'getContact'), custom('crm', 'deleteEverything')]) {
      const answer = await h.call('POST', path, { body: {} });
      expect(answer.status, path).toBe(404);
      expect(answer.body.code).toBe('integration_not_found');
    }
    await expect(client().integrations.custom.call('nope', 'x', {})).rejects.toMatchObject({ status: 404 });
    expect(
      (await h.call('POST', `/api/apps/other-app/integrations/custom/crm/getContact`, { body: {} })).status,
    ).toBe(404);
    expect((await h.call('POST', custom('crm', 'getContact'), { body: {} })).body).toEqual({
      success: true,
      status_code: 200,
      data: null,
    });
  });

  it('answers 400 for a body that is not an object, or params that are not objects', async () => {
    await register({ slug: 'crm', operations: { getContact: { echo: true } } });
    const bodies: unknown[] = [[1, 2], 'text', { path_params: 'id=7' }, { query_params: [1] }];
    for (const body of bodies) {
      const answer = await h.call('POST', custom('crm', 'getContact'), { body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.code).toBe('invalid_body');
    }
    const form = new FormData();
    form.append('note', 'hello');
    const multipart = await h.call('POST', custom('crm', 'getContact'), { raw: form });
    expect(multipart.status).toBe(400);
  });

  it('validates registrations, replaces a slug registered again, and forgets them on reset', async () => {
    const bad: unknown[] = [
      { operations: { a: {} } },
      { slug: 'has space', operations: { a: {} } },
      { slug: 'crm', operations: {} },
      { slug: 'crm', operations: { 'bad id!': {} } },
      { slug: 'crm', operations: { a: { status_code: 99 } } },
      { slug: 'crm', operations: { a: { echo: 'yes' } } },
      { slug: 'crm', operations: { a: { echo: true, data: 1 } } },
    ];
    for (const body of bad) expect((await register(body)).status, JSON.stringify(body)).toBe(400);
    await register({ slug: 'crm', operations: { first: {} } });
    await register({ slug: 'crm', operations: { second: {} } });
    expect((await h.call('POST', custom('crm', 'first'), { body: {} })).status).toBe(404);
    expect((await h.call('POST', custom('crm', 'second'), { body: {} })).status).toBe(200);
    await h.call('POST', '/__harness/reset');
    expect((await h.call('POST', custom('crm', 'second'), { body: {} })).status).toBe(404);
  });
});
