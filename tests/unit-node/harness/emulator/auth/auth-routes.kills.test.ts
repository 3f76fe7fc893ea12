/**
 * The auth routes' body shapes for the routes that take an e-mail only (resend-otp, reset-password-request): an
 * address that is not a string of at most 254 characters is refused by the route's schema, 400 invalid_body.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { APP, accessApp, answered } from '../access-app.ts';
import type { FeatureApp } from '../feature-app.ts';

const auth = (action: string) => `/api/apps/${APP}/auth/${action}`;

let running: FeatureApp;
beforeEach(async () => {
  running = await accessApp({ auth: true });
});
afterEach(async () => {
  await running.close();
});

describe('routes taking an e-mail only', () => {
  it('refuse an e-mail that is not text, or too long, before anything is sent', async () => {
    const refused = {
      status: 400,
      body: { message: 'email must be an e-mail address of at most 254 characters', code: 'invalid_body' },
    };
    for (const action of ['resend-otp', 'reset-password-request']) {
      for (const email of [42, ['user@example.com'], `${'a'.repeat(250)}@example.com`]) {
        const answer = await running.call('POST', auth(action), { body: { email } });
        expect(answered(answer), `${action} ${JSON.stringify(email)}`).toStrictEqual(refused);
      }
    }
    expect(running.state.outbox.list()).toStrictEqual([]);
  });
});
