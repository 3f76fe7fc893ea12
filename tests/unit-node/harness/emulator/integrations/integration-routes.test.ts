/**
 * The integration routes (`integrations/integration-routes.ts`, and the control API's registrations,
 * `integration-control-routes.ts`): `Core.SendEmail`, `Core.UploadFile`, `Core.InvokeLLM`; installable packages and custom
 * integrations answered with what the control API registered; a 404 for anything not registered.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBaseUrl } from '../../../../../host-harness/src/emulator/core/http/base-url.ts';
import { registerFileRoutes } from '../../../../../host-harness/src/emulator/files/file-routes.ts';
import type { CustomIntegrations } from '../../../../../host-harness/src/emulator/integrations/custom-integrations.ts';
import { registerIntegrationControlRoutes } from '../../../../../host-harness/src/emulator/integrations/integration-control-routes.ts';
import { registerIntegrationRoutes } from '../../../../../host-harness/src/emulator/integrations/integration-routes.ts';
import { APP, type CallOptions, type FeatureApp, featureApp, multipart } from '../feature-app.ts';

describe('the integration routes', () => {
  let running: FeatureApp;
  let installables: Map<string, unknown>;
  let customIntegrations: CustomIntegrations;

  beforeEach(async () => {
    installables = new Map();
    customIntegrations = new Map();
    running = await featureApp((app, state) => {
      const ctx = {
        state,
        installables,
        customIntegrations,
        baseUrl: createBaseUrl(() => 'http://127.0.0.1:9'),
      };
      registerIntegrationRoutes(app, ctx);
      registerIntegrationControlRoutes(app, ctx);
      registerFileRoutes(app, state.files);
    });
  });
  afterEach(async () => {
    await running.close();
  });

  const core = (name: string) => `/api/apps/${APP}/integration-endpoints/Core/${name}`;

  describe('Core.SendEmail', () => {
    const email = { to: 'jane@example.com', subject: 'Hi', body: 'Hello' };

    it('sends for a member or the service role: the message is in the outbox', async () => {
      for (const as of ['user', 'admin', 'service'] as const) {
        const answer = await running.call('POST', core('SendEmail'), { as, body: email });
        expect(answer.status, as).toBe(200);
        expect(answer.body).toStrictEqual({ success: true, id: answer.body.id });
      }
      expect(running.state.outbox.list().map((m) => [m.kind, m.to, m.subject, m.body])).toStrictEqual(
        Array(3).fill(['email', 'jane@example.com', 'Hi', 'Hello']),
      );
    });

    it('refuses anonymous callers (401) and non-members (403, before reading the body)', async () => {
      const anonymous = await running.call('POST', core('SendEmail'), { body: email });
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toStrictEqual({ message: 'Sign in to use integrations', code: 'auth_required' });
      const visitor = await running.call('POST', core('SendEmail'), {
        body: email,
        headers: { 'x-base44-anonymous-id': 'visitor-9' },
      });
      expect(visitor.status).toBe(401);
      const outsider = await running.call('POST', core('SendEmail'), {
        as: 'outsider',
        body: 'not an object',
      });
      expect(outsider.status).toBe(403);
      expect(outsider.body.code).toBe('user_not_registered');
      expect(running.state.outbox.list()).toStrictEqual([]);
    });

    it('refuses a bad message or body with a 400', async () => {
      const bad = await running.call('POST', core('SendEmail'), {
        as: 'service',
        body: { ...email, to: 'a, b' },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBe('invalid_email');
      const notObject = await running.call('POST', core('SendEmail'), { as: 'user', body: [email] });
      expect(notObject.body).toStrictEqual({
        message: 'Integration SendEmail must receive an object with named parameters',
        code: 'invalid_body',
      });
      expect(running.state.outbox.list()).toStrictEqual([]);
    });
  });

  describe('Core.UploadFile', () => {
    it('stores a multipart file for a signed-in account (member or not) and answers where it is served', async () => {
      for (const as of ['outsider', 'service'] as const) {
        const form = multipart([
          { name: 'note', value: 'hello' },
          { name: 'file', value: Buffer.from('PNGDATA'), filename: 'my photo.png', type: 'image/png' },
        ]);
        const answer = await running.call('POST', core('UploadFile'), {
          as,
          payload: form.payload,
          headers: { ...form.headers, host: 'localhost:4400' },
        });
        expect(answer.status, as).toBe(200);
        expect(answer.body.file_url).toMatch(/^http:\/\/localhost:4400\/files\/[0-9a-f]{24}\/my_photo\.png$/);
        const served = await running.call('GET', new URL(answer.body.file_url).pathname);
        expect(served.text).toBe('PNGDATA');
        expect(served.headers['content-type']).toBe('image/png');
      }
    });

    it('answers a URL on the listening address for a caller that reached the emulator under another name', async () => {
      const form = multipart([{ name: 'file', value: 'x', filename: 'a.txt', type: 'text/plain' }]);
      const answer = await running.call('POST', core('UploadFile'), {
        as: 'user',
        payload: form.payload,
        headers: { ...form.headers, host: 'example.com' },
      });
      expect(answer.body.file_url).toMatch(/^http:\/\/127\.0\.0\.1:9\/files\/[0-9a-f]{24}\/a\.txt$/);
    });

    it('refuses a call without a file field named file, and anonymous callers', async () => {
      const form = multipart([{ name: 'other', value: 'x', filename: 'a.txt', type: 'text/plain' }]);
      const noFile = await running.call('POST', core('UploadFile'), { as: 'user', ...form });
      expect(noFile.status).toBe(400);
      expect(noFile.body).toStrictEqual({
        message: 'UploadFile needs a multipart file field named file',
        code: 'invalid_body',
      });
      expect(
        (await running.call('POST', core('UploadFile'), { as: 'user', body: { file: 'x' } })).status,
      ).toBe(400);
      const anonymous = multipart([{ name: 'file', value: 'x', filename: 'a.txt', type: 'text/plain' }]);
      expect((await running.call('POST', core('UploadFile'), anonymous)).status).toBe(401);
    });
  });

  describe('Core.InvokeLLM', () => {
    it('answers a JSON string that says no model ran and how long the prompt was', async () => {
      const answer = await running.call('POST', core('InvokeLLM'), {
        as: 'outsider',
        body: { prompt: 'Hello' },
      });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(answer.body).toBe(
        '[Emulated LLM answer] The local emulator does not run a model. Your prompt had 5 characters.',
      );
      const longest = await running.call('POST', core('InvokeLLM'), {
        as: 'service',
        body: { prompt: 'p'.repeat(200_000) },
      });
      expect(longest.body).toContain('Your prompt had 200000 characters.');
    });

    it('answers a placeholder of the shape of the JSON schema asked for', async () => {
      const schema = {
        type: 'object',
        properties: {
          title: { type: 'string' },
          count: { type: 'integer' },
          price: { type: 'number' },
          ok: { type: 'boolean' },
          tags: { type: 'array', items: { type: 'string' } },
          nested: { type: 'object', properties: { name: { type: 'string' } } },
          bare: { type: 'object' },
          other: { type: 'null' },
          untyped: {},
          notSchema: 'x',
          nothing: null,
        },
      };
      const answer = await running.call('POST', core('InvokeLLM'), {
        as: 'user',
        body: { prompt: 'x', response_json_schema: schema },
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toStrictEqual({
        title: '[Emulated LLM answer]',
        count: 0,
        price: 0,
        ok: false,
        tags: [],
        nested: { name: '[Emulated LLM answer]' },
        bare: {},
        other: null,
        untyped: null,
        notSchema: null,
        nothing: null,
      });
      const top = async (schema: unknown) =>
        (
          await running.call('POST', core('InvokeLLM'), {
            as: 'user',
            body: { prompt: 'x', response_json_schema: schema },
          })
        ).text;
      expect(await top({ type: 'string' })).toBe('[Emulated LLM answer]');
      expect(await top({ type: 'array' })).toBe('[]');
      expect(await top({ type: 'integer' })).toBe('0');
      expect(await top({ type: 'boolean' })).toBe('false');
      expect(await top('x')).toBe('null');
      expect(await top(null)).toBe('null');
    });

    it('stops filling in the shape after eight levels of nesting', async () => {
      const nest = (levels: number): unknown =>
        levels === 0 ? { type: 'string' } : { type: 'object', properties: { a: nest(levels - 1) } };
      const leaf = (value: unknown, levels: number): unknown =>
        levels === 0 ? value : { a: leaf(value, levels - 1) };
      const answer = async (levels: number) =>
        (
          await running.call('POST', core('InvokeLLM'), {
            as: 'user',
            body: { prompt: 'x', response_json_schema: nest(levels) },
          })
        ).body;
      expect(await answer(8)).toStrictEqual(leaf('[Emulated LLM answer]', 8));
      expect(await answer(9)).toStrictEqual(leaf(null, 9));
    });

    it('refuses a missing or too long prompt', async () => {
      for (const body of [
        {},
        { prompt: '' },
        { prompt: 'p'.repeat(200_001) },
        { response_json_schema: { type: 'string' } },
      ]) {
        const answer = await running.call('POST', core('InvokeLLM'), { as: 'user', body });
        expect(answer.status).toBe(400);
        expect(answer.body.message).toBe(
          'prompt is required and must be a string of at most 200000 characters',
        );
      }
    });
  });

  it('answers 404 for another Core integration, naming it (64 characters at most), after the caller check', async () => {
    const answer = await running.call('POST', core('GenerateImage'), { as: 'user', body: {} });
    expect(answer.status).toBe(404);
    expect(answer.body).toStrictEqual({
      message: 'Integration Core.GenerateImage is not available in the local emulator',
      code: 'integration_not_found',
    });
    const long = await running.call('POST', core('n'.repeat(70)), { as: 'user', body: {} });
    expect(long.body.message).toBe(
      `Integration Core.${'n'.repeat(64)} is not available in the local emulator`,
    );
    expect((await running.call('POST', core('GenerateImage'), { body: {} })).status).toBe(401);
    expect((await running.call('POST', core('GenerateImage'), { as: 'user', body: 'x' })).status).toBe(400);
    expect(
      (
        await running.call('POST', `/api/apps/other/integration-endpoints/Core/SendEmail`, {
          as: 'service',
          body: {},
        })
      ).body.code,
    ).toBe('app_not_found');
  });

  describe('installable packages', () => {
    const installable = (pkg: string, name: string) =>
      `/api/apps/${APP}/integration-endpoints/installable/${pkg}/integration-endpoints/${name}`;
    const register = (body: unknown) => running.call('POST', '/__harness/integrations', { body });

    it('answer what the control API registered for the package and endpoint, or success', async () => {
      expect(
        (await register({ package: 'slack', endpoint: 'post_message', response: { sent: 3 } })).body,
      ).toStrictEqual({
        ok: true,
      });
      expect((await register({ package: 'slack', endpoint: 'ping' })).body).toStrictEqual({ ok: true });
      const posted = await running.call('POST', installable('slack', 'post_message'), {
        body: { text: 'hi' },
      });
      expect(posted.status).toBe(200);
      expect(posted.body).toStrictEqual({ sent: 3 });
      expect((await running.call('POST', installable('slack', 'ping'))).body).toStrictEqual({
        success: true,
      });
      expect(installables.get('slack/ping')).toStrictEqual({ success: true });
    });

    it('answer 404 for a package or endpoint not registered, naming them (64 characters at most)', async () => {
      await register({ package: 'slack', endpoint: 'post_message' });
      const answer = await running.call('POST', installable('slack', 'other'), { body: {} });
      expect(answer.status).toBe(404);
      expect(answer.body).toStrictEqual({
        message:
          'Integration package slack (endpoint other) is not installed in the local emulator; register it with POST /__harness/integrations',
        code: 'integration_not_installed',
      });
      const long = await running.call('POST', installable('p'.repeat(70), 'e'.repeat(70)), { body: {} });
      expect(long.body.message).toBe(
        `Integration package ${'p'.repeat(64)} (endpoint ${'e'.repeat(64)}) is not installed in the local emulator; register it with POST /__harness/integrations`,
      );
      expect((await running.call('POST', installable('other', 'post_message'), { body: {} })).status).toBe(
        404,
      );
      const app = await running.call(
        'POST',
        `/api/apps/other/integration-endpoints/installable/slack/integration-endpoints/post_message`,
        { body: {} },
      );
      expect(app.body.code).toBe('app_not_found');
    });

    it('refuse a body that is not named parameters', async () => {
      await register({ package: 'slack', endpoint: 'post_message' });
      const answer = await running.call('POST', installable('slack', 'post_message'), { body: [1] });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(
        'Integration post_message must receive an object with named parameters',
      );
    });

    it('registration needs a package and an endpoint that are names', async () => {
      for (const body of [
        { package: 'slack' },
        { endpoint: 'x' },
        { package: 'a b', endpoint: 'x' },
        { package: 'a', endpoint: 'x/y' },
      ]) {
        const answer = await register(body);
        expect(answer.status, JSON.stringify(body)).toBe(400);
      }
      expect((await register({ package: 'a', endpoint: 'x/y' })).body.message).toBe(
        'endpoint must be a name (letters, digits, _ and -)',
      );
      expect(installables.size).toBe(0);
    });
  });

  describe('custom integrations', () => {
    const custom = (slug: string, operation: string) =>
      `/api/apps/${APP}/integrations/custom/${slug}/${operation}`;
    const register = (body: unknown) => running.call('POST', '/__harness/custom-integrations', { body });

    it('registration answers the slug and its operations, and registering again replaces them', async () => {
      const first = await register({ slug: 'crm', operations: { get: { data: 1 }, list: {} } });
      expect(first.status).toBe(200);
      expect(first.body).toStrictEqual({ ok: true, slug: 'crm', operations: ['get', 'list'] });
      await register({ slug: 'crm', operations: { create: {} } });
      expect([...(customIntegrations.get('crm')?.keys() ?? [])]).toStrictEqual(['create']);
      const bad = await register({ slug: 'crm', operations: {} });
      expect(bad.status).toBe(400);
      expect([...(customIntegrations.get('crm')?.keys() ?? [])]).toStrictEqual(['create']);
    });

    it('answers {success, status_code, data} with HTTP 200, success for 2xx only', async () => {
      await register({
        slug: 'crm',
        operations: {
          ok: { data: { id: 7 } },
          created: { status_code: 201 },
          last: { status_code: 299, data: 'x' },
          redirect: { status_code: 300 },
          info: { status_code: 199 },
          missing: { status_code: 404, data: { error: 'no' } },
        },
      });
      const call = async (operation: string, opts: CallOptions = { body: {} }) => {
        const answer = await running.call('POST', custom('crm', operation), opts);
        expect(answer.status, operation).toBe(200);
        return answer.body;
      };
      expect(await call('ok')).toStrictEqual({ success: true, status_code: 200, data: { id: 7 } });
      expect(await call('created')).toStrictEqual({ success: true, status_code: 201, data: null });
      expect(await call('last')).toStrictEqual({ success: true, status_code: 299, data: 'x' });
      expect(await call('redirect')).toStrictEqual({ success: false, status_code: 300, data: null });
      expect(await call('info')).toStrictEqual({ success: false, status_code: 199, data: null });
      expect(await call('missing')).toStrictEqual({
        success: false,
        status_code: 404,
        data: { error: 'no' },
      });
      expect(await call('ok', {})).toStrictEqual({ success: true, status_code: 200, data: { id: 7 } });
    });

    it('echo answers the body received, or {} when none was sent', async () => {
      await register({ slug: 'crm', operations: { echo: { echo: true, status_code: 202 } } });
      const body = { name: 'Jane', path_params: { id: '7' }, query_params: { full: 'true' } };
      expect((await running.call('POST', custom('crm', 'echo'), { body })).body).toStrictEqual({
        success: true,
        status_code: 202,
        data: body,
      });
      expect((await running.call('POST', custom('crm', 'echo'))).body).toStrictEqual({
        success: true,
        status_code: 202,
        data: {},
      });
    });

    it('answers 404 for an unknown slug or operation, naming them', async () => {
      await register({ slug: 'crm', operations: { get: {} } });
      const slug = await running.call('POST', custom('erp', 'get'), { body: {} });
      expect(slug.status).toBe(404);
      expect(slug.body).toStrictEqual({
        message:
          'Custom integration erp is not registered in the local emulator; register it with POST /__harness/custom-integrations',
        code: 'integration_not_found',
      });
      const operation = await running.call('POST', custom('crm', 'list'), { body: {} });
      expect(operation.body).toStrictEqual({
        message:
          'Custom integration crm has no operation list in the local emulator; register it with POST /__harness/custom-integrations',
        code: 'integration_not_found',
      });
      const longSlug = await running.call('POST', custom('s'.repeat(70), 'get'), { body: {} });
      expect(longSlug.body.message).toBe(
        `Custom integration ${'s'.repeat(64)} is not registered in the local emulator; register it with POST /__harness/custom-integrations`,
      );
      const longOperation = await running.call('POST', custom('crm', 'o'.repeat(140)), { body: {} });
      expect(longOperation.body.message).toBe(
        `Custom integration crm has no operation ${'o'.repeat(128)} in the local emulator; register it with POST /__harness/custom-integrations`,
      );
      expect(
        (await running.call('POST', `/api/apps/other/integrations/custom/crm/get`, { body: {} })).body.code,
      ).toBe('app_not_found');
    });

    it('refuses a body that is not an object, params that are not objects, or a multipart body', async () => {
      await register({ slug: 'crm', operations: { get: { echo: true } } });
      for (const body of [
        [1, 2],
        'text',
        null,
        { path_params: 'id=7' },
        { query_params: [1] },
        { path_params: null },
      ]) {
        const answer = await running.call('POST', custom('crm', 'get'), { body });
        expect(answer.status, JSON.stringify(body)).toBe(400);
        expect(answer.body.code, JSON.stringify(body)).toBe('invalid_body');
      }
      expect((await running.call('POST', custom('crm', 'get'), { body: 'text' })).body.message).toBe(
        'A custom integration call needs a JSON object body',
      );
      expect(
        (await running.call('POST', custom('crm', 'get'), { body: { query_params: 1 } })).body.message,
      ).toBe('query_params must be an object of named values');
      expect(
        (await running.call('POST', custom('crm', 'get'), { body: { path_params: 1 } })).body.message,
      ).toBe('path_params must be an object of named values');
      const form = multipart([{ name: 'note', value: 'hello' }]);
      const answer = await running.call('POST', custom('crm', 'get'), form);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe('A custom integration call needs a JSON object body');
    });
  });
});
