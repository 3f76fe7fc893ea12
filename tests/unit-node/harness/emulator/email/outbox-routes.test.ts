/** The control API's view of the outbox (`email/outbox-routes.ts`): what the platform would have sent. */
import { describe, expect, it } from 'vitest';
import { registerOutboxRoutes } from '../../../../../host-harness/src/emulator/email/outbox-routes.ts';
import { featureApp } from '../feature-app.ts';

describe('GET /__harness/outbox', () => {
  it('answers the messages in sending order', async () => {
    const running = await featureApp((app, state) => registerOutboxRoutes(app, state.outbox));
    try {
      expect((await running.call('GET', '/__harness/outbox')).body).toStrictEqual([]);
      const sent = running.state.outbox.add({
        kind: 'email',
        to: 'b@example.com',
        subject: 'Hi',
        body: 'Hello',
      });
      const answer = await running.call('GET', '/__harness/outbox');
      expect(answer.status).toBe(200);
      expect(answer.body).toStrictEqual([sent]);
    } finally {
      await running.close();
    }
  });
});
