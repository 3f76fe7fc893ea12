/**
 * What was deployed survives a restart of the harness on the same data folder, as the platform keeps an app's
 * deployment: the function, the pushed entities, the published site, the secrets and the visibility.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { SMALL_SITE, tarGzOf } from '../../support/site-tarball.ts';
import { entities, type Running, startEmulator } from '../emulator/emulator-harness.ts';
import {
  callFunction,
  deployCall,
  deployFunction,
  published,
  uploadSite,
  versionFunction,
} from './deploy-support.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'harness-deploy-data-'));
let h: Running | undefined;
afterAll(async () => {
  await h?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

it('a restart on the same data folder serves the same deployment', async () => {
  h = await startEmulator({ dataDir });
  await deployFunction(h, 'probe', versionFunction('kept'));
  await deployCall(h, 'POST', '/secrets', { body: { KEPT: 'across restarts' } });
  await deployCall(h, 'PUT', '/entity-schemas', {
    body: {
      entityNameToSchema: {
        Note: { name: 'Note', type: 'object', properties: { text: { type: 'string' } } },
      },
    },
  });
  await deployCall(h, 'PUT', '', { body: { public_settings: 'private_with_login' } });
  await uploadSite(h, await tarGzOf(SMALL_SITE));
  await h.close();

  h = await startEmulator({ dataDir });
  const answer = await callFunction(h, 'probe', { env: 'KEPT' });
  expect(answer.body).toEqual({ version: 'kept', env: 'across restarts' });
  expect((await h.call('GET', entities('Note'), { token: await h.tokenOf('admin') })).body).toEqual([]);
  expect((await h.call('GET', entities('Order'), { token: await h.tokenOf('admin') })).status).toBe(404);
  expect((await h.call('GET', '/api/apps/public/prod/public-settings/by-id/local-app')).status).toBe(403);
  const home = await published(h);
  expect([home.status, home.text]).toEqual([
    200,
    '<!doctype html><title>Deployed</title><h1>The deployed copy</h1>',
  ]);
}, 60_000);
