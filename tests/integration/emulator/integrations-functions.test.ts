import { describe, expect, it } from 'vitest';
import { MONTHLY_PENCE, SETUP_PENCE } from '../../support/spec-figures.ts';
import { APP, emulatorPerFile, type Json, type Running } from './emulator-harness.ts';

let h: Running;
let token: string;
const core = (name: string) => `/api/apps/${APP}/integration-endpoints/Core/${name}`;
const fn = (name: string) => `/api/apps/${APP}/functions/${name}`;

emulatorPerFile(async (started) => {
  h = started;
  token = await h.tokenOf('user');
});

describe('Core integrations', () => {
  it('SendEmail puts the e-mail in the outbox', async () => {
    const answer = await h.call('POST', core('SendEmail'), {
      token,
      body: { to: 'a@example.com', subject: 'Hi', body: 'Hello there' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.success).toBe(true);
    const outbox = (await h.call('GET', '/__harness/outbox')).body;
    expect(outbox).toEqual([
      expect.objectContaining({ kind: 'email', to: 'a@example.com', subject: 'Hi', body: 'Hello there' }),
    ]);
  });

  it('SendEmail needs a signed-in caller and a recipient', async () => {
    expect(
      (await h.call('POST', core('SendEmail'), { body: { to: 'a@example.com', body: 'x' } })).status,
    ).toBe(401);
    expect((await h.call('POST', core('SendEmail'), { token, body: { body: 'x' } })).status).toBe(400);
  });

  it('UploadFile takes multipart (file as file, objects as JSON strings) and serves the file back', async () => {
    const form = new FormData();
    form.append('file', new Blob(['hello file'], { type: 'text/plain' }), '../../etc/pass wd.txt');
    form.append('meta', JSON.stringify({ folder: 'docs' }));
    form.append('count', '3');
    const answer = await h.call('POST', core('UploadFile'), { token, raw: form });
    expect(answer.status, answer.text).toBe(200);
    // The client's path is dropped and the name made safe for a URL: no traversal.
    expect(answer.body.file_url).toMatch(new RegExp(`^${h.url}/files/[0-9a-f]{24}/pass_wd\\.txt$`));
    const file = await fetch(answer.body.file_url);
    expect(await file.text()).toBe('hello file');
    expect(file.headers.get('content-disposition')).toContain('attachment');
    expect(file.headers.get('content-type')).toBe('application/octet-stream');
  });

  it('UploadFile without a file is a 400', async () => {
    expect((await h.call('POST', core('UploadFile'), { token, body: { file: 'not a file' } })).status).toBe(
      400,
    );
  });

  it('InvokeLLM answers a deterministic, clearly emulated text or the shape of a schema', async () => {
    const first = await h.call('POST', core('InvokeLLM'), { token, body: { prompt: 'Say hi' } });
    const second = await h.call('POST', core('InvokeLLM'), { token, body: { prompt: 'Say hi' } });
    expect(first.body).toMatch(/^\[Emulated LLM answer\]/);
    expect(first.body).toBe(second.body);
    const schema = {
      type: 'object',
      properties: { title: { type: 'string' }, score: { type: 'number' }, tags: { type: 'array' } },
    };
    const shaped = await h.call('POST', core('InvokeLLM'), {
      token,
      body: { prompt: 'x', response_json_schema: schema },
    });
    expect(shaped.body).toEqual({ title: '[Emulated LLM answer]', score: 0, tags: [] });
  });

  it('parses objects sent as JSON strings in a multipart body', async () => {
    const body = new FormData();
    body.append('prompt', 'describe');
    body.append(
      'response_json_schema',
      JSON.stringify({ type: 'object', properties: { ok: { type: 'boolean' } } }),
    );
    body.append('file', new Blob(['%PDF']), 'doc.pdf');
    const answer = await h.call('POST', core('InvokeLLM'), { token, raw: body });
    expect(answer.body).toEqual({ ok: false });
  });

  it('an unknown Core integration is a 404', async () => {
    expect((await h.call('POST', core('GenerateImage'), { token, body: {} })).status).toBe(404);
  });

  it('installable packages are 404 unless registered', async () => {
    const path = `/api/apps/${APP}/integration-endpoints/installable/slack/integration-endpoints/postMessage`;
    const missing = await h.call('POST', path, { token, body: { text: 'hi' } });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toContain('not installed');
    await h.call('POST', '/__harness/integrations', {
      body: { package: 'slack', endpoint: 'postMessage', response: { ok: 1 } },
    });
    expect((await h.call('POST', path, { token, body: { text: 'hi' } })).body).toEqual({ ok: 1 });
  });
});

// The project's own functions (base44/functions) under Deno, with the payment double; the runner itself is tested
// with fixture functions in ../functions.
describe('functions', () => {
  const sessions = async (): Promise<Json[]> => (await h.call('GET', '/__harness/checkout-sessions')).body;

  it('createCheckout opens a session on the payment double, for the signed-in user', async () => {
    const answer = await h.call('POST', fn('createCheckout'), {
      token,
      body: { packageName: 'gold' },
      headers: { 'base44-functions-version': 'v7' },
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.url).toMatch(new RegExp(`^${h.url}/__harness/pay/cs_test_[A-Za-z0-9]{58}$`));
    expect(await sessions()).toEqual([
      expect.objectContaining({
        id: answer.body.url.split('/').pop(),
        package: 'gold',
        setup_amount: SETUP_PENCE,
        monthly_amount: MONTHLY_PENCE,
        currency: 'gbp',
        status: 'open',
        customer_email: 'user@example.com',
        success_url: 'http://localhost:4401/PaymentSuccess?session_id={CHECKOUT_SESSION_ID}',
        cancel_url: 'http://localhost:4401/Pricing',
        created_date: expect.any(String),
      }),
    ]);
    const logged = (await h.call('GET', '/__harness/requests?limit=5')).body.find(
      (r: Json) => r.path === fn('createCheckout'),
    );
    expect(logged.functions_version).toBe('v7');
  });

  it('works for anonymous visitors, and the return address never comes from the request', async () => {
    const answer = await h.call('POST', fn('createCheckout'), {
      body: { packageName: 'gold' },
      headers: { 'x-origin-url': 'https://evil.example/', origin: 'http://localhost:4401' },
    });
    expect(answer.status, answer.text).toBe(200);
    const [order] = await sessions();
    expect(order).toMatchObject({ customer_email: null, cancel_url: 'http://localhost:4401/Pricing' });
  });

  it("an unknown package is the function's own 400; an unknown function a 404", async () => {
    const unknown = await h.call('POST', fn('createCheckout'), { body: { packageName: 'platinum' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatch(/^Unknown packageName/);
    expect((await h.call('POST', fn('createCheckout'), { body: ['gold'] })).status).toBe(400);
    const missing = await h.call('POST', fn('sendInvoice'), { body: {} });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('function_not_found');
    expect(await sessions()).toEqual([]);
  });
});
