/** The service-role client (src/platform/service-role.ts): every sub-client with the service token, and only with one. */
import { describe, expect, it } from 'vitest';
import {
  createServiceRoleClient,
  type PlatformError,
  SERVICE_TOKEN_REQUIRED,
} from '../../../src/platform/index.ts';
import { json } from '../../support/recording-server.ts';
import { recordingPlatformPerFile, recordingSubscriber } from './support/recorded-call.ts';

const { server, core, seen } = recordingPlatformPerFile();

describe('service role', () => {
  it('calls every sub-client with the service token, the user token sent on-behalf-of', async () => {
    const service = createServiceRoleClient(core('user-token'), 'service-token');
    const calls: [string, () => Promise<unknown>][] = [
      ['GET /api/apps/local-app/entities/Lead', () => service.entities.Lead?.list() ?? Promise.resolve()],
      [
        'POST /api/apps/local-app/integration-endpoints/Core/SendEmail',
        () => service.integrations.Core.SendEmail({}),
      ],
      ['POST /api/apps/local-app/functions/f', () => service.functions.invoke('f', {})],
      ['GET /api/apps/local-app/agents/conversations', () => service.agents.getConversations()],
      ['GET /api/app-logs/local-app', () => service.appLogs.fetchLogs()],
      ['GET /api/apps/local-app/auth/sso/accesstoken/u1', () => service.sso.getAccessToken('u1')],
    ];
    for (const [call, make] of calls) {
      await make();
      expect(seen().call).toBe(call);
      expect(server.last().headers.authorization).toBe('Bearer service-token');
      expect(server.last().headers['on-behalf-of']).toBe('Bearer user-token');
    }
  });

  it('passes realtime on to entities and agents', async () => {
    const { rooms, realtime } = recordingSubscriber();
    const service = createServiceRoleClient(core(), 'service-token', realtime);
    service.entities.Lead?.subscribe(() => {});
    expect(rooms.map((joined) => joined.room)).toEqual(['entities:local-app:Lead']);
    server.respond((_req, res) => json(res, 200, { id: 'c1' }));
    service.agents.subscribeToConversation('c1', () => {});
    expect(rooms.map((joined) => joined.room)).toEqual([
      'entities:local-app:Lead',
      '/agent-conversations/c1',
    ]);
    // The conversation is loaded with the service token.
    await expect.poll(() => server.requests.length).toBe(1);
    expect(server.last().headers.authorization).toBe('Bearer service-token');
  });

  it('refuses without a service token, with the contract message', () => {
    for (const token of [undefined, null, '']) {
      const error = (() => {
        try {
          createServiceRoleClient(core(), token);
        } catch (thrown) {
          return thrown as PlatformError;
        }
        throw new Error('expected a refusal');
      })();
      expect(error.message).toBe(SERVICE_TOKEN_REQUIRED);
      expect(error.code).toBe('service_token_required');
    }
  });
});
