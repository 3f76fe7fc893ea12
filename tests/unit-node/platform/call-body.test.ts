/**
 * The body rule of functions and integrations (src/platform/call-body.ts), as the server receives it: JSON unless a
 * top-level value is a file, then multipart; no argument (or null) is an empty JSON object, and in a multipart body
 * text values go as they are, undefined ones not at all.
 */
import { describe, expect, it } from 'vitest';
import {
  createFunctionsClient,
  createHttpCore,
  createIntegrationsClient,
  createPlatformClient,
  type PlatformError,
  SERVICE_TOKEN_REQUIRED,
} from '../../../src/platform/index.ts';
import { json, recordingServerPerFile } from '../../support/recording-server.ts';

const server = recordingServerPerFile();

const core = () => createHttpCore({ appId: 'local-app', serverUrl: server.url, location: null });

async function sentForm(): Promise<FormData> {
  const { headers, body } = server.last();
  expect(headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
  return new Response(new Uint8Array(body), {
    headers: { 'content-type': String(headers['content-type']) },
  }).formData();
}

describe('body rule of functions and integrations', () => {
  it('sends JSON when no top-level value is a file', async () => {
    server.respond((_req, res) => json(res, 200, { url: 'https://pay.example/session' }));
    const answer = await createFunctionsClient(core()).invoke<{ url: string }>('createCheckout', {
      packageName: 'gold',
      nested: { file: 'not at top level' },
    });
    expect(answer.data.url).toBe('https://pay.example/session');
    expect(answer.status).toBe(200);
    const { headers, body } = server.last();
    expect(headers['content-type']).toBe('application/json');
    expect(JSON.parse(body.toString())).toEqual({
      packageName: 'gold',
      nested: { file: 'not at top level' },
    });
  });

  it('sends multipart when a top-level value is a File or Blob: files as files, objects as JSON, the rest as text', async () => {
    const file = new File(['hello file'], 'note.txt', { type: 'text/plain' });
    await createIntegrationsClient(core()).Core.UploadFile({
      file,
      blob: new Blob(['raw']),
      meta: { a: 1 },
      count: 3,
      flag: true,
    });
    const { headers, body, url } = server.last();
    expect(url).toBe('/api/apps/local-app/integration-endpoints/Core/UploadFile');
    expect(headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const form = await new Response(new Uint8Array(body), {
      headers: { 'content-type': String(headers['content-type']) },
    }).formData();
    const sent = form.get('file') as File;
    expect(sent.name).toBe('note.txt');
    expect(await sent.text()).toBe('hello file');
    expect(await (form.get('blob') as Blob).text()).toBe('raw');
    expect(form.get('meta')).toBe('{"a":1}');
    expect(form.get('count')).toBe('3');
    expect(form.get('flag')).toBe('true');
  });

  it('posts installable packages to their own path', async () => {
    await createIntegrationsClient<{ slack: 'PostMessage' }>(core()).slack.PostMessage({ text: 'hi' });
    expect(server.last().url).toBe(
      '/api/apps/local-app/integration-endpoints/installable/slack/integration-endpoints/PostMessage',
    );
  });

  it('rejects a string argument with the contract messages, before any request', async () => {
    const functions = createFunctionsClient(core());
    const integrations = createIntegrationsClient(core());
    await expect(functions.invoke('createCheckout', 'gold' as never)).rejects.toThrow(
      'Function createCheckout must receive an object with named parameters, received: gold',
    );
    await expect(integrations.Core.SendEmail('hello' as never)).rejects.toThrow(
      'Integration SendEmail must receive an object with named parameters, received: hello',
    );
    const error: PlatformError = await functions.invoke('f', 'x' as never).catch((e) => e);
    expect(error.name).toBe('PlatformError');
    expect(error.code).toBe('invalid_argument');
    expect(server.requests).toHaveLength(0);
  });

  it('function failures reject with the same error type as every other call', async () => {
    server.respond((_req, res) => json(res, 500, { error: { message: 'Stripe is down', code: 'upstream' } }));
    const error: PlatformError = await createFunctionsClient(core())
      .invoke('createCheckout', { packageName: 'gold' })
      .catch((e) => e);
    expect(error.name).toBe('PlatformHttpError');
    expect(error.message).toBe('Stripe is down');
    expect(error.code).toBe('upstream');
    expect(error.status).toBe(500);
  });

  it('null parameters are sent as an empty JSON object', async () => {
    await createFunctionsClient(core()).invoke('createCheckout', null as never);
    const { headers, body } = server.last();
    expect(headers['content-type']).toBe('application/json');
    expect(JSON.parse(body.toString())).toEqual({});
  });

  it('undefined parameters are sent as an empty JSON object', async () => {
    await createFunctionsClient(core()).invoke('createCheckout', undefined as never);
    expect(JSON.parse(server.last().body.toString())).toEqual({});
  });

  it('in a multipart body, text goes as it is, null as "null", and an undefined value is left out', async () => {
    await createIntegrationsClient(core()).Core.UploadFile({
      file: new Blob(['raw']),
      title: 'Brief "v2"',
      empty: null,
      skipped: undefined,
    });
    const form = await sentForm();
    expect(form.get('title')).toBe('Brief "v2"');
    expect(form.get('empty')).toBe('null');
    expect(form.has('skipped')).toBe(false);
    expect([...form.keys()].sort()).toEqual(['empty', 'file', 'title']);
  });

  it('a FormData argument is sent as it is', async () => {
    const form = new FormData();
    form.append('note', 'plain text');
    form.append('file', new Blob(['abc']), 'a.txt');
    await createIntegrationsClient(core()).Core.UploadFile(form as never);
    const sent = await sentForm();
    expect(sent.get('note')).toBe('plain text');
    expect(await (sent.get('file') as File).text()).toBe('abc');
    expect((sent.get('file') as File).name).toBe('a.txt');
  });
});

describe('asServiceRole', () => {
  it('throws the contract message without a service token', () => {
    const client = createPlatformClient({
      appId: 'local-app',
      serverUrl: server.url,
      storage: null,
      location: null,
    });
    expect(() => client.asServiceRole).toThrow(SERVICE_TOKEN_REQUIRED);
    expect(SERVICE_TOKEN_REQUIRED).toBe(
      'Service token is required to use asServiceRole. Please provide a serviceToken when creating the client.',
    );
  });
});
