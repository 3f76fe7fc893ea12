/**
 * createCheckout and the payment provider's failures: retries with one Idempotency-Key (a 500, a dropped answer, an
 * unreachable provider) and refusals, which become a short 502 while the provider's message goes to the log.
 */
import assert from 'node:assert/strict';
import { PROVIDER_ERROR, withCheckout } from './helpers/checkout-setup.ts';
import { startProviderDouble } from './helpers/provider-double.ts';

Deno.test('createCheckout: a 500 from the provider is retried with the same Idempotency-Key and one session is answered', async () => {
  await withCheckout(async ({ provider, call }) => {
    provider.faults.push({
      status: 500,
      body: { error: { type: 'api_error', message: 'Something went wrong' } },
    });
    const res = await call({ packageName: 'gold' });
    assert.equal(res.status, 200);
    assert.equal(provider.requests.length, 2);
    const [first, second] = provider.requests;
    assert.ok(first?.headers.get('idempotency-key'));
    assert.equal(second?.headers.get('idempotency-key'), first?.headers.get('idempotency-key'));
    assert.equal(second?.body, first?.body);
    assert.equal(provider.sessions.length, 1);
    assert.deepEqual(await res.json(), { url: provider.sessions[0]?.url });
  });
});

Deno.test('createCheckout: an answer lost to a dropped connection is retried and replays the one session', async () => {
  await withCheckout(async ({ provider, call }) => {
    provider.faults.push('drop-after-create');
    const res = await call({ packageName: 'gold' });
    assert.equal(res.status, 200);
    assert.equal(provider.requests.length, 2);
    assert.equal(
      provider.requests[1]?.headers.get('idempotency-key'),
      provider.requests[0]?.headers.get('idempotency-key'),
    );
    assert.equal(provider.sessions.length, 1, 'the retry created no second session');
    assert.deepEqual(await res.json(), { url: provider.sessions[0]?.url });
  });
});

Deno.test('createCheckout: two failed attempts then success; three failures are a 502 after exactly three attempts', async () => {
  await withCheckout(async ({ provider, call }) => {
    provider.faults.push('drop', {
      status: 503,
      body: { error: { type: 'api_error', message: 'Unavailable' } },
    });
    assert.equal((await call({ packageName: 'gold' })).status, 200);
    assert.equal(provider.requests.length, 3);
    assert.equal(new Set(provider.requests.map((r) => r.headers.get('idempotency-key'))).size, 1);

    const failure = { status: 500, body: { error: { type: 'api_error', message: 'Internal failure 77' } } };
    provider.faults.push(failure, failure, failure);
    const res = await call({ packageName: 'gold' });
    assert.equal(res.status, 502);
    assert.deepEqual(await res.json(), { error: PROVIDER_ERROR, code: 'provider_error' });
    assert.equal(provider.requests.length, 6, 'one attempt and two retries');
  });
});

Deno.test('createCheckout: provider refusals are a 502 with a short message; the provider message goes to the log', async () => {
  const refusals = [
    {
      status: 400,
      body: { error: { type: 'invalid_request_error', message: 'No such price: price_x', param: 'x' } },
    },
    {
      status: 401,
      body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_***' } },
    },
    { status: 402, body: { error: { type: 'card_error', message: 'Your card was declined.' } } },
    { status: 429, body: { error: { type: 'rate_limit_error', message: 'Too many requests' } } },
  ];
  for (const refusal of refusals) {
    await withCheckout(async ({ provider, logs, call }) => {
      provider.faults.push(refusal);
      const res = await call({ packageName: 'gold' });
      assert.equal(res.status, 502, String(refusal.status));
      const text = await res.text();
      assert.deepEqual(JSON.parse(text), { error: PROVIDER_ERROR, code: 'provider_error' });
      assert.ok(!text.includes(refusal.body.error.message));
      assert.equal(provider.requests.length, 1, `a ${refusal.status} is not retried`);
      assert.ok(
        logs.errors.some((line) => line.includes(refusal.body.error.message)),
        logs.text(),
      );
    });
  }
});

Deno.test('createCheckout: an unreachable provider is a 502 after the retries', async () => {
  const closed = startProviderDouble();
  const port = closed.port;
  await closed.close();
  await withCheckout(
    async ({ logs, call }) => {
      const res = await call({ packageName: 'gold' });
      assert.equal(res.status, 502);
      assert.deepEqual(await res.json(), { error: PROVIDER_ERROR, code: 'provider_error' });
      assert.ok(logs.errors.length > 0);
    },
    { vars: { STRIPE_API_PORT: String(port) } },
  );
});

Deno.test('createCheckout: a session answered without a url is a 502', async () => {
  await withCheckout(async ({ provider, call }) => {
    provider.omitUrl = true;
    const res = await call({ packageName: 'gold' });
    assert.equal(res.status, 502);
    assert.deepEqual(await res.json(), { error: PROVIDER_ERROR, code: 'provider_error' });
  });
});
