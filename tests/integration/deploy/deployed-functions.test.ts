/**
 * Backend functions deployed through the API, over HTTP: they run from the uploaded files (bundled, in workerd, as the
 * project's are), in front of the project's own; a refused upload leaves the earlier one serving; logs and secrets
 * reach them as the CLI reads and sets them; a reset brings the project's base44/ back.
 */
import { describe, expect, it } from 'vitest';
import { emulatorPerFile, type Running } from '../emulator/emulator-harness.ts';
import { callFunction, deployCall, deployFunction, versionFunction } from './deploy-support.ts';

let h: Running;
emulatorPerFile((running) => {
  h = running;
});

const CALL_TIMEOUT = 60_000;
const names = async () =>
  (await deployCall(h, 'GET', '/backend-functions')).body.functions.map((fn: { name: string }) => fn.name);

describe('deploying a function', () => {
  it(
    'a new function answers; the same files again are unchanged; changed ones serve the new code',
    async () => {
      expect((await deployFunction(h, 'probe', versionFunction('v1'))).body).toEqual({ status: 'deployed' });
      expect((await callFunction(h, 'probe')).body.version).toBe('v1');
      expect((await deployFunction(h, 'probe', versionFunction('v1'))).body).toEqual({ status: 'unchanged' });
      expect((await deployFunction(h, 'probe', versionFunction('v2'))).body).toEqual({ status: 'deployed' });
      expect((await callFunction(h, 'probe')).body.version).toBe('v2');
      expect(await names()).toEqual(['createCheckout', 'probe', 'stripeWebhook']);
    },
    CALL_TIMEOUT,
  );

  it(
    'lists the project’s functions as the CLI would upload them until something is deployed over them',
    async () => {
      const { functions } = (await deployCall(h, 'GET', '/backend-functions')).body;
      const checkout = functions.find((fn: { name: string }) => fn.name === 'createCheckout');
      expect(checkout.deployment_id).toBe('project');
      expect(checkout.entry).toBe('index.ts');
      const paths = checkout.files.map((file: { path: string }) => file.path);
      expect(paths).toEqual(
        expect.arrayContaining(['index.ts', 'function.jsonc', '../../shared/packages.ts']),
      );
      expect(paths.every((path: string) => /\.(js|ts|json|jsonc)$/.test(path))).toBe(true);
      await deployFunction(h, 'createCheckout', versionFunction('mine'));
      const after = (await deployCall(h, 'GET', '/backend-functions')).body.functions;
      const deployed = after.find((fn: { name: string }) => fn.name === 'createCheckout');
      expect(deployed.deployment_id).toMatch(/^dep_[0-9a-f]{16}$/);
      expect(deployed.files.map((file: { path: string }) => file.path)).toEqual([
        'function.jsonc',
        'index.ts',
      ]);
    },
    CALL_TIMEOUT,
  );

  it(
    'replaces the project’s function of the same name until a reset brings the project’s back',
    async () => {
      await deployFunction(h, 'createCheckout', versionFunction('mine'));
      expect((await callFunction(h, 'createCheckout')).body.version).toBe('mine');
      h.emulator.reset();
      const project = await callFunction(h, 'createCheckout', { packageName: 'platinum' });
      expect(project.status).toBe(400);
      expect(project.body.code).toBe('invalid_request');
      expect(await names()).toEqual(['createCheckout', 'stripeWebhook']);
    },
    CALL_TIMEOUT,
  );

  it(
    'DELETE removes a function, the project’s included; another DELETE of it is a 404',
    async () => {
      await deployFunction(h, 'probe', versionFunction('v1'));
      expect((await deployCall(h, 'DELETE', '/backend-functions/probe')).body).toEqual({ success: true });
      expect((await callFunction(h, 'probe')).status).toBe(404);
      const again = await deployCall(h, 'DELETE', '/backend-functions/probe');
      expect([again.status, again.body.code]).toEqual([404, 'function_not_found']);
      expect((await deployCall(h, 'DELETE', '/backend-functions/stripeWebhook')).status).toBe(200);
      expect(await names()).toEqual(['createCheckout']);
      expect((await deployFunction(h, 'probe', versionFunction('v3'))).body).toEqual({ status: 'deployed' });
      expect((await callFunction(h, 'probe')).body.version).toBe('v3');
    },
    CALL_TIMEOUT,
  );
});

describe('a refused function upload changes nothing', () => {
  it(
    'an entry that is not among the files, a path out of bounds, and code that does not build',
    async () => {
      await deployFunction(h, 'probe', versionFunction('v1'));
      const noEntry = await deployFunction(h, 'probe', versionFunction('v2'), 'main.ts');
      expect([noEntry.status, noEntry.body.code]).toEqual([400, 'function_entry_missing']);
      expect(noEntry.body.message).toBe(
        'Function probe: its entry main.ts is not among the 2 files uploaded',
      );
      const escaping = await deployFunction(h, 'probe', [
        ...versionFunction('v2'),
        { path: '../../../../../../../../../etc/cron.d/job', content: '' },
      ]);
      expect([escaping.status, escaping.body.code]).toEqual([400, 'unsafe_path']);
      const broken = await deployFunction(h, 'probe', [{ path: 'index.ts', content: 'Deno.serve((r => {' }]);
      expect([broken.status, broken.body.code]).toEqual([400, 'function_build_failed']);
      expect(broken.body.message).toMatch(
        /^Function probe does not build as the platform bundles it: .*index\.ts:1:/,
      );
      const bare = await deployFunction(h, 'probe', [
        {
          path: 'index.ts',
          content: 'import Stripe from "stripe";\nDeno.serve(() => new Response(String(Stripe)));',
        },
      ]);
      expect(bare.body.message).toContain('"stripe" is a bare specifier, which the platform cannot resolve');
      expect((await callFunction(h, 'probe')).body.version).toBe('v1');
      expect((await deployFunction(h, 'probe', versionFunction('v1'))).body).toEqual({ status: 'unchanged' });
    },
    CALL_TIMEOUT,
  );

  it('a name the harness cannot serve, a body that is not an upload, and one over 5 MB', async () => {
    const dotted = await deployFunction(h, 'my.fn', versionFunction('v1'));
    expect([dotted.status, dotted.body.code]).toEqual([400, 'invalid_function_name']);
    const notUpload = await deployCall(h, 'PUT', '/backend-functions/probe', { body: { files: 'index.ts' } });
    expect([notUpload.status, notUpload.body.code]).toEqual([400, 'invalid_function']);
    const huge = await deployFunction(h, 'probe', [
      { path: 'index.ts', content: 'x'.repeat(5 * 1024 * 1024) },
    ]);
    expect(huge.status).toBe(413);
    expect(await names()).toEqual(['createCheckout', 'stripeWebhook']);
  });
});

describe('what deployed functions see and write', () => {
  it(
    'a secret reaches a function started before it was set; the answers never hold a value',
    async () => {
      await deployFunction(h, 'probe', versionFunction('v1'));
      expect((await callFunction(h, 'probe', { env: 'GREETING' })).body.env).toBeNull();
      const set = await deployCall(h, 'POST', '/secrets', { body: { GREETING: 'hello from a secret' } });
      expect(set.body).toEqual({ success: true });
      expect((await callFunction(h, 'probe', { env: 'GREETING' })).body.env).toBe('hello from a secret');
      const listed = await deployCall(h, 'GET', '/secrets');
      expect(listed.body).toEqual({ GREETING: '********' });
      expect((await deployCall(h, 'DELETE', '/secrets?secret_name=GREETING')).body).toEqual({
        success: true,
      });
      expect((await callFunction(h, 'probe', { env: 'GREETING' })).body.env).toBeNull();
      expect((await deployCall(h, 'GET', '/secrets')).body).toEqual({});
    },
    CALL_TIMEOUT,
  );

  it('a secret the app does not have, a missing name and a bad one are refused', async () => {
    const missing = await deployCall(h, 'DELETE', '/secrets?secret_name=NOPE');
    expect([missing.status, missing.body.code]).toEqual([404, 'secret_not_found']);
    expect((await deployCall(h, 'DELETE', '/secrets')).status).toBe(400);
    const bad = await deployCall(h, 'POST', '/secrets', { body: { 'NOT-A-NAME': 'v', GOOD: 'v' } });
    expect([bad.status, bad.body.code]).toEqual([400, 'invalid_secret']);
    expect((await deployCall(h, 'GET', '/secrets')).body).toEqual({});
  });

  it(
    'logs are the function’s console lines, newest first, filtered as asked; a reset forgets them',
    async () => {
      await deployFunction(h, 'probe', versionFunction('v1'));
      await callFunction(h, 'probe');
      await callFunction(h, 'probe');
      const logs = await deployCall(h, 'GET', '/functions-mgmt/probe/logs');
      const answered = logs.body.filter((entry: { message: string }) => entry.message === 'answered v1');
      expect(answered).toHaveLength(2);
      expect(answered[0]).toEqual({ time: expect.any(String), level: 'info', message: 'answered v1' });
      expect((await deployCall(h, 'GET', '/functions-mgmt/probe/logs?limit=1')).body).toHaveLength(1);
      expect((await deployCall(h, 'GET', '/functions-mgmt/probe/logs?level=error')).body).toEqual([]);
      expect((await deployCall(h, 'GET', '/functions-mgmt/probe/logs?limit=0')).status).toBe(400);
      const unknown = await deployCall(h, 'GET', '/functions-mgmt/nothing/logs');
      expect([unknown.status, unknown.body.code]).toEqual([404, 'function_not_found']);
      h.emulator.reset();
      expect((await deployCall(h, 'GET', '/functions-mgmt/createCheckout/logs')).body).toEqual([]);
    },
    CALL_TIMEOUT,
  );
});
