/**
 * The rule of the emulator pages' form posts (`core/pages/form-body.ts`): a URL-encoded form or no body at all; any
 * other body did not come from the page and is refused before it is read.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { formBodyOnly } from '../../../../../../host-harness/src/emulator/core/pages/form-body.ts';
import { type FeatureApp, featureApp } from '../../feature-app.ts';

let open: FeatureApp | null = null;
afterEach(async () => {
  await open?.close();
  open = null;
});

describe('formBodyOnly', () => {
  async function formApp(): Promise<FeatureApp> {
    open = await featureApp((app) => {
      app.post('/form', { preParsing: formBodyOnly }, async (request) => ({ body: request.body ?? null }));
    });
    return open;
  }

  const refused = (type: string) => ({
    message: `This form is posted as application/x-www-form-urlencoded; a body of type ${type} was refused`,
    code: 'invalid_body',
  });

  it('takes a URL-encoded form, whatever the case, spacing or parameters of its type', async () => {
    const f = await formApp();
    for (const type of [
      'application/x-www-form-urlencoded',
      'Application/X-WWW-Form-URLEncoded; charset=UTF-8',
      ' application/x-www-form-urlencoded ;charset=utf-8',
    ]) {
      const answered = await f.call('POST', '/form', {
        payload: 'email=a%40b.example',
        headers: { 'content-type': type },
      });
      expect([answered.status, answered.body], type).toStrictEqual([200, { body: { email: 'a@b.example' } }]);
    }
  });

  it('takes a post with no type and no body (or a body of length 0)', async () => {
    const f = await formApp();
    expect((await f.call('POST', '/form')).body).toStrictEqual({ body: null });
    const zero = await f.call('POST', '/form', { headers: { 'content-length': '0' } });
    expect([zero.status, zero.body]).toStrictEqual([200, { body: null }]);
  });

  it('refuses a body without a type, sent whole or in chunks', async () => {
    const f = await formApp();
    const whole = await f.call('POST', '/form', { payload: 'email=x' });
    expect([whole.status, whole.body]).toStrictEqual([400, refused('"none"')]);
    const chunked = await f.call('POST', '/form', { headers: { 'transfer-encoding': 'chunked' } });
    expect([chunked.status, chunked.body]).toStrictEqual([400, refused('"none"')]);
  });

  it('refuses any other type, with or without a body, naming it (100 characters at most)', async () => {
    const f = await formApp();
    const json = await f.call('POST', '/form', { body: { email: 'x' } });
    expect([json.status, json.body]).toStrictEqual([400, refused('"application/json"')]);
    const bare = await f.call('POST', '/form', { headers: { 'content-type': 'text/plain' } });
    expect([bare.status, bare.body]).toStrictEqual([400, refused('"text/plain"')]);
    const multipart = await f.call('POST', '/form', {
      payload: 'x',
      headers: { 'content-type': 'Multipart/Form-Data; boundary=x' },
    });
    expect(multipart.body).toStrictEqual(refused('"multipart/form-data"'));
    const long = `application/${'x'.repeat(200)}`;
    const named = await f.call('POST', '/form', { payload: 'x', headers: { 'content-type': long } });
    expect(named.body).toStrictEqual(refused(JSON.stringify(long.slice(0, 100))));
    const empty = await f.call('POST', '/form', { payload: 'x', headers: { 'content-type': '' } });
    expect([empty.status, empty.body]).toStrictEqual([400, refused('""')]);
  });
});
