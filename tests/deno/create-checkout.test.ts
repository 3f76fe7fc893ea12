/**
 * createCheckout over the wire: each test runs the function's handler against a provider double and a platform
 * double on ephemeral ports and asserts the answer and what reached them.
 */
import assert from 'node:assert/strict';
import { handleCreateCheckout } from '../../base44/functions/createCheckout/handler.ts';
import { captureLogs } from './helpers/captured-logs.ts';
import {
  APP_ID,
  type PlatformDouble,
  type PlatformOptions,
  startPlatformDouble,
} from './helpers/platform-double.ts';
import { type ProviderDouble, startProviderDouble } from './helpers/provider-double.ts';
import { testEnv } from './helpers/test-env.ts';

const SECRET_KEY = 'sk_test_deno';
const SITE_ORIGIN = 'https://www.example.co.uk';
const PROVIDER_ERROR = 'The payment provider could not start checkout';

/** The session createCheckout must ask for, as the provider receives it (form-encoded, bracket notation). */
const GOLD_SESSION_FORM = {
  mode: 'subscription',
  'line_items[0][price_data][currency]': 'gbp',
  'line_items[0][price_data][unit_amount]': '79900',
  'line_items[0][price_data][product_data][name]': 'Gold package: one-time setup',
  'line_items[0][quantity]': '1',
  'line_items[1][price_data][currency]': 'gbp',
  'line_items[1][price_data][unit_amount]': '19900',
  'line_items[1][price_data][recurring][interval]': 'month',
  'line_items[1][price_data][product_data][name]': 'Gold package: monthly',
  'line_items[1][quantity]': '1',
  success_url: 'https://www.example.co.uk/PaymentSuccess?session_id={CHECKOUT_SESSION_ID}',
  cancel_url: 'https://www.example.co.uk/Pricing',
  'metadata[package]': 'gold',
  'metadata[setup_amount]': '79900',
  'metadata[monthly_amount]': '19900',
};

interface Setup {
  provider: ProviderDouble;
  platform: PlatformDouble;
  logs: ReturnType<typeof captureLogs>;
  call(
    body: unknown,
    init?: { headers?: Record<string, string>; method?: string; raw?: boolean },
  ): Promise<Response>;
}

/** Runs a test with both doubles up and the function configured for them; `vars` overrides the environment. */
async function withCheckout(
  run: (setup: Setup) => Promise<void>,
  vars: Record<string, string | undefined> = {},
  platformOptions: PlatformOptions = {},
): Promise<void> {
  const provider = startProviderDouble();
  const platform = startPlatformDouble(platformOptions);
  const logs = captureLogs();
  const env = testEnv({
    STRIPE_SECRET_KEY: SECRET_KEY,
    SITE_ORIGIN,
    STRIPE_API_HOST: '127.0.0.1',
    STRIPE_API_PORT: String(provider.port),
    STRIPE_API_PROTOCOL: 'http',
    ...vars,
  });
  const call: Setup['call'] = (body, init = {}) => {
    const method = init.method ?? 'POST';
    const payload = init.raw ? (body as string) : JSON.stringify(body);
    const req = new Request('http://127.0.0.1/functions/createCheckout', {
      method,
      headers: { 'Content-Type': 'application/json', 'Base44-App-Id': APP_ID, ...init.headers },
      body: method === 'GET' || method === 'HEAD' ? undefined : payload,
    });
    return handleCreateCheckout(req, { env, callerLookupTimeoutMs: 300 });
  };
  try {
    await run({ provider, platform, logs, call });
  } finally {
    logs.restore();
    await provider.close();
    await platform.close();
  }
}

function formOf(provider: ProviderDouble, index = 0): Record<string, string> {
  const request = provider.requests[index];
  assert.ok(request, `the provider received request #${index + 1}`);
  return Object.fromEntries(request.form);
}

/** A signed-in caller's headers, as the platform forwards them. */
function signedIn(platform: PlatformDouble, token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}`, 'Base44-Api-Url': platform.url };
}

Deno.test('createCheckout: anonymous gold checkout sends the exact session to the provider and answers its url', async () => {
  await withCheckout(async ({ provider, platform, call }) => {
    const res = await call({ packageName: 'gold' });
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { url: provider.sessions[0]?.url });
    assert.equal(provider.requests.length, 1);
    const [request] = provider.requests;
    assert.equal(request?.method, 'POST');
    assert.equal(request?.path, '/v1/checkout/sessions');
    assert.equal(request?.headers.get('authorization'), `Bearer ${SECRET_KEY}`);
    assert.match(request?.headers.get('content-type') ?? '', /^application\/x-www-form-urlencoded/);
    assert.ok(request?.headers.get('idempotency-key'), 'a POST carries an Idempotency-Key');
    assert.deepEqual(formOf(provider), GOLD_SESSION_FORM);
    assert.equal(platform.requests.length, 0, 'an anonymous caller is not looked up');
  });
});

Deno.test('createCheckout: redirect URLs come from SITE_ORIGIN, never from Origin, X-Origin-URL, Referer or Host', async () => {
  await withCheckout(
    async ({ provider, call }) => {
      const res = await call(
        { packageName: 'gold' },
        {
          headers: {
            Origin: 'https://evil.example',
            'X-Origin-URL': 'https://evil.example/Pricing',
            Referer: 'https://evil.example/',
            Host: 'evil.example',
            'X-Forwarded-Host': 'evil.example',
          },
        },
      );
      assert.equal(res.status, 200);
      const form = formOf(provider);
      assert.equal(form.success_url, 'http://localhost:4401/PaymentSuccess?session_id={CHECKOUT_SESSION_ID}');
      assert.equal(form.cancel_url, 'http://localhost:4401/Pricing');
      assert.ok(!provider.requests[0]?.body.includes('evil'));
    },
    { SITE_ORIGIN: 'http://localhost:4401/' },
  );
});

Deno.test('createCheckout: a signed-in caller gets their e-mail prefilled and their id in the metadata', async () => {
  await withCheckout(
    async ({ provider, platform, call }) => {
      const res = await call({ packageName: 'gold' }, { headers: signedIn(platform, 'user-token-1') });
      assert.equal(res.status, 200);
      assert.deepEqual(formOf(provider), {
        ...GOLD_SESSION_FORM,
        customer_email: 'jane@example.co.uk',
        'metadata[user_id]': 'user_1',
      });
      assert.equal(platform.requests.length, 1);
      assert.equal(platform.requests[0]?.method, 'GET');
      assert.equal(platform.requests[0]?.path, `/api/apps/${APP_ID}/entities/User/me`);
      assert.equal(platform.requests[0]?.headers.get('authorization'), 'Bearer user-token-1');
    },
    {},
    { users: { 'user-token-1': { id: 'user_1', email: 'jane@example.co.uk' } } },
  );
});

Deno.test('createCheckout: a rejected token, a malformed Authorization or a missing app id still checks out, without prefill', async () => {
  await withCheckout(async ({ provider, platform, call }) => {
    const cases: Record<string, string>[] = [
      signedIn(platform, 'expired-token'),
      { Authorization: 'Basic dXNlcjpwYXNz', 'Base44-Api-Url': platform.url },
      { Authorization: 'Bearer a b', 'Base44-Api-Url': platform.url },
    ];
    for (const headers of cases) {
      const res = await call({ packageName: 'gold' }, { headers });
      assert.equal(res.status, 200, JSON.stringify(headers));
    }
    const noAppId = new Request('http://127.0.0.1/', {
      method: 'POST',
      headers: { Authorization: 'Bearer user-token-1', 'Base44-Api-Url': platform.url },
      body: JSON.stringify({ packageName: 'gold' }),
    });
    const env = testEnv({
      STRIPE_SECRET_KEY: SECRET_KEY,
      SITE_ORIGIN,
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(provider.port),
      STRIPE_API_PROTOCOL: 'http',
    });
    assert.equal((await handleCreateCheckout(noAppId, { env })).status, 200);
    assert.equal(provider.requests.length, 4);
    for (let i = 0; i < 4; i++) assert.deepEqual(formOf(provider, i), GOLD_SESSION_FORM);
    assert.equal(
      platform.requests.length,
      1,
      'only the well-formed token reached the platform (and was refused)',
    );
  });
});

Deno.test('createCheckout: a platform that does not answer the user lookup in time does not hold checkout up', async () => {
  let release = () => {};
  const meGate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await withCheckout(
    async ({ provider, platform, call }) => {
      const started = performance.now();
      const res = await call({ packageName: 'gold' }, { headers: signedIn(platform, 'user-token-1') });
      const elapsed = performance.now() - started;
      release();
      // Let the late answer reach the abandoned lookup before the platform shuts down (else it logs a hang-up later).
      await platform.idle();
      await new Promise((resolve) => setTimeout(resolve, 200));
      assert.equal(res.status, 200);
      assert.ok(elapsed < 2_000, `answered in ${elapsed.toFixed(0)} ms`);
      assert.deepEqual(formOf(provider), GOLD_SESSION_FORM);
    },
    {},
    { users: { 'user-token-1': { id: 'user_1', email: 'jane@example.co.uk' } }, meGate },
  );
});

Deno.test('createCheckout: dashboard price ids replace the inline prices', async () => {
  await withCheckout(
    async ({ provider, call }) => {
      assert.equal((await call({ packageName: 'gold' })).status, 200);
      assert.deepEqual(formOf(provider), {
        mode: 'subscription',
        'line_items[0][price]': 'price_setup_123',
        'line_items[0][quantity]': '1',
        'line_items[1][price]': 'price_monthly_456',
        'line_items[1][quantity]': '1',
        success_url: GOLD_SESSION_FORM.success_url,
        cancel_url: GOLD_SESSION_FORM.cancel_url,
        'metadata[package]': 'gold',
      });
    },
    { STRIPE_PRICE_SETUP: 'price_setup_123', STRIPE_PRICE_MONTHLY: 'price_monthly_456' },
  );
});

Deno.test('createCheckout: invalid bodies and package names are 400 with a clear message, and nothing is sent', async () => {
  await withCheckout(async ({ provider, call }) => {
    const cases: [string, RegExp][] = [
      ['', /JSON object with a packageName/],
      ['{"packageName":', /not valid JSON/],
      ['null', /JSON object/],
      ['[{"packageName":"gold"}]', /JSON object/],
      ['"gold"', /JSON object/],
      ['42', /JSON object/],
      ['{}', /packageName is required/],
      ['{"packageName":""}', /packageName is required/],
      ['{"packageName":"platinum"}', /Unknown packageName.*gold/],
      ['{"packageName":"GOLD"}', /Unknown packageName/],
      ['{"packageName":["gold"]}', /Unknown packageName/],
      ['{"packageName":7}', /Unknown packageName/],
      ['{"packageName":"constructor"}', /Unknown packageName/],
      ['{"packageName":"__proto__"}', /Unknown packageName/],
      [JSON.stringify({ packageName: 'gold', padding: 'x'.repeat(20_000) }), /too large/],
    ];
    for (const [body, message] of cases) {
      const res = await call(body, { raw: true });
      assert.equal(res.status, 400, body.slice(0, 40));
      const answer = await res.json();
      assert.match(answer.error, message, body.slice(0, 40));
      assert.equal(answer.code, 'invalid_request');
    }
    assert.equal(provider.requests.length, 0);
  });
});

Deno.test('createCheckout: any method but POST is 405 with Allow: POST', async () => {
  await withCheckout(async ({ provider, call }) => {
    for (const method of ['GET', 'PUT', 'DELETE', 'PATCH']) {
      const res = await call({ packageName: 'gold' }, { method });
      assert.equal(res.status, 405, method);
      assert.equal(res.headers.get('allow'), 'POST');
      await res.body?.cancel();
    }
    assert.equal(provider.requests.length, 0);
  });
});

Deno.test('createCheckout: a missing or malformed setting is a 500 naming the variable, without a stack', async () => {
  const cases: [Record<string, string | undefined>, string][] = [
    [{ STRIPE_SECRET_KEY: undefined }, 'STRIPE_SECRET_KEY is not set'],
    [{ STRIPE_SECRET_KEY: '  ' }, 'STRIPE_SECRET_KEY is not set'],
    [{ SITE_ORIGIN: undefined }, 'SITE_ORIGIN is not set'],
    [{ SITE_ORIGIN: 'www.example.co.uk' }, 'SITE_ORIGIN must be an http(s) origin'],
    [{ SITE_ORIGIN: 'javascript:alert(1)' }, 'SITE_ORIGIN must be an http(s) origin'],
    [{ SITE_ORIGIN: 'https://www.example.co.uk/shop' }, 'SITE_ORIGIN must be an http(s) origin'],
    [{ SITE_ORIGIN: 'https://user:pw@www.example.co.uk' }, 'SITE_ORIGIN must be an http(s) origin'],
    [{ STRIPE_API_PORT: 'eighty' }, 'STRIPE_API_PORT must be a port number'],
    [{ STRIPE_API_PROTOCOL: 'ftp' }, 'STRIPE_API_PROTOCOL must be http or https'],
  ];
  for (const [vars, message] of cases) {
    await withCheckout(async ({ provider, logs, call }) => {
      const res = await call({ packageName: 'gold' });
      assert.equal(res.status, 500, JSON.stringify(vars));
      const answer = await res.json();
      assert.ok(answer.error.startsWith(message), `${answer.error} starts with ${message}`);
      assert.equal(answer.code, 'config_error');
      assert.doesNotMatch(JSON.stringify(answer), /\bat .*\.ts|stack/i);
      assert.equal(provider.requests.length, 0);
      assert.match(logs.text(), new RegExp(message.split(' ')[0] ?? ''));
    }, vars);
  }
});

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
    { STRIPE_API_PORT: String(port) },
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
