/**
 * The `Stripe-Signature` header of the double's deliveries: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.payload">`
 * (docs.stripe.com/webhooks, "Verify signatures manually"), checked here with Node's own HMAC.
 */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signatureHeader } from '../../../../host-harness/payments/webhooks/event-signature.ts';

const hmac = (secret: string, signed: string) => createHmac('sha256', secret).update(signed).digest('hex');

describe('signatureHeader', () => {
  it('signs "t.payload" with the secret at the time given', async () => {
    const payload = '{"id":"evt_1","object":"event"}';
    expect(await signatureHeader(payload, 'whsec_test', 1_700_000_000)).toBe(
      `t=1700000000,v1=${hmac('whsec_test', `1700000000.${payload}`)}`,
    );
  });

  it('signs at the current time when given none', async () => {
    const before = Math.floor(Date.now() / 1000);
    const header = await signatureHeader('{}', 'whsec_other');
    const after = Math.floor(Date.now() / 1000);
    const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
    expect(match, header).not.toBeNull();
    const t = Number(match![1]);
    expect(t).toBeGreaterThanOrEqual(before);
    expect(t).toBeLessThanOrEqual(after);
    expect(match![2]).toBe(hmac('whsec_other', `${t}.{}`));
  });
});
