/**
 * The body rule of functions and integrations (src/platform/call-body.ts), as the server receives it: no argument
 * (or null) is an empty JSON object, and in a multipart body text values go as they are, undefined ones not at all.
 */
import { describe, expect, it } from 'vitest';
import {
  createFunctionsClient,
  createHttpCore,
  createIntegrationsClient,
} from '../../../src/platform/index.ts';
import { recordingServerPerFile } from '../../support/recording-server.ts';

const server = recordingServerPerFile();

const core = () => createHttpCore({ appId: 'local-app', serverUrl: server.url, location: null });

async function sentForm(): Promise<FormData> {
  const { headers, body } = server.last();
  expect(headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
  return new Response(new Uint8Array(body), {
    headers: { 'content-type': String(headers['content-type']) },
  }).formData();
}

describe('body rule of functions and integrations (kills)', () => {
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
