/** The platform's link to the payment provider's stand-in: where its webhook endpoint points. */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { webhookEndpointUrl } from '../../../../../host-harness/src/emulator/index.ts';
import { WEBHOOK_FUNCTION } from '../../../../../host-harness/src/emulator/payment-provider/index.ts';

describe('the webhook endpoint', () => {
  it("is the project's webhook function, which base44/ deploys", () => {
    expect(
      existsSync(new URL(`../../../../../base44/functions/${WEBHOOK_FUNCTION}/index.ts`, import.meta.url)),
    ).toBe(true);
  });

  it("is the function's route on the platform's address, the app's id encoded", () => {
    expect(webhookEndpointUrl('http://localhost:4400', 'local-app')).toBe(
      'http://localhost:4400/api/apps/local-app/functions/stripeWebhook',
    );
    expect(webhookEndpointUrl('http://127.0.0.1:9', 'a/b')).toBe(
      'http://127.0.0.1:9/api/apps/a%2Fb/functions/stripeWebhook',
    );
  });
});
