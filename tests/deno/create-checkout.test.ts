/**
 * createCheckout, what it asks the provider for: the exact session parameters, the redirect URLs, the signed-in
 * caller's prefill, and the answers to invalid requests and settings. Over the wire, against in-test doubles.
 */
import assert from 'node:assert/strict';
import {
  formOf,
  goldSessionForm,
  SECRET_KEY,
  signedIn,
  TRIAL_END_S,
  withCheckout,
} from './helpers/checkout-setup.ts';
import { APP_ID } from './helpers/platform-double.ts';
import { DOUBLE_API_VERSION } from './helpers/provider-double.ts';

Deno.test('createCheckout: an anonymous gold checkout sends the exact session to the provider and answers its url', async () => {
  await withCheckout(async ({ provider, platform, call }) => {
    const res = await call({ packageName: 'gold' });
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { url: provider.sessions[0]?.url });
    assert.equal(provider.requests.length, 1);
    const [request] = provider.requests;
    assert.equal(request?.method, 'POST');
    assert.equal(request?.path, '/v1/checkout/sessions');
    assert.equal(request?.headers.get('authorization'), `Bearer ${SECRET_KEY}`);
    assert.equal(request?.headers.get('stripe-version'), DOUBLE_API_VERSION);
    assert.match(request?.headers.get('content-type') ?? '', /^application\/x-www-form-urlencoded/);
    assert.ok(request?.headers.get('idempotency-key'), 'a POST carries an Idempotency-Key');
    assert.deepEqual(formOf(provider), goldSessionForm());
    assert.equal(platform.requests.length, 0, 'an anonymous caller is not looked up');
  });
});

Deno.test('createCheckout: a trial to one calendar month on, no billing anchor, no proration setting, no payment method types, no prefilled e-mail', async () => {
  await withCheckout(async ({ provider, call }) => {
    assert.equal((await call({ packageName: 'gold' })).status, 200);
    const form = formOf(provider);
    assert.equal(form['subscription_data[trial_end]'], String(TRIAL_END_S));
    const names = Object.keys(form);
    for (const refused of [
      'billing_cycle_anchor',
      'proration_behavior',
      'payment_method_types',
      'customer_email',
    ]) {
      assert.deepEqual(
        names.filter((name) => name.includes(refused)),
        [],
        `${refused} is not sent`,
      );
    }
    // The setup is a one-time price (no recurring), the monthly fee a recurring one.
    assert.deepEqual(
      names.filter((name) => name.includes('[recurring]')),
      [
        'line_items[1][price_data][recurring][interval]',
        'line_items[1][price_data][recurring][interval_count]',
      ],
    );
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
    { vars: { SITE_ORIGIN: 'http://localhost:4401/' } },
  );
});

Deno.test('createCheckout: a signed-in caller gets their e-mail prefilled and their id in the metadata', async () => {
  await withCheckout(
    async ({ provider, platform, call }) => {
      const res = await call({ packageName: 'gold' }, { headers: signedIn(platform, 'user-token-1') });
      assert.equal(res.status, 200);
      assert.deepEqual(formOf(provider), {
        ...goldSessionForm(),
        customer_email: 'jane@example.co.uk',
        'metadata[user_id]': 'user_1',
      });
      // The subscription's metadata names the package only: the buyer's id stays on the session.
      assert.equal(formOf(provider)['subscription_data[metadata][user_id]'], undefined);
      assert.equal(platform.requests.length, 1);
      assert.equal(platform.requests[0]?.method, 'GET');
      assert.equal(platform.requests[0]?.path, `/api/apps/${APP_ID}/entities/User/me`);
      assert.equal(platform.requests[0]?.headers.get('authorization'), 'Bearer user-token-1');
    },
    { platform: { users: { 'user-token-1': { id: 'user_1', email: 'jane@example.co.uk' } } } },
  );
});

Deno.test('createCheckout: a rejected token, a malformed Authorization or a missing app id still checks out, without prefill', async () => {
  await withCheckout(async ({ provider, platform, call, handle }) => {
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
      headers: {
        'Content-Type': 'application/json',
        Authorization: 'Bearer user-token-1',
        'Base44-Api-Url': platform.url,
      },
      body: JSON.stringify({ packageName: 'gold' }),
    });
    assert.equal((await handle(noAppId)).status, 200);
    assert.equal(provider.requests.length, 4);
    for (let i = 0; i < 4; i++) assert.deepEqual(formOf(provider, i), goldSessionForm());
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
      assert.deepEqual(formOf(provider), goldSessionForm());
    },
    { platform: { users: { 'user-token-1': { id: 'user_1', email: 'jane@example.co.uk' } }, meGate } },
  );
});

Deno.test('createCheckout: dashboard price ids replace the inline prices, each on its own', async () => {
  const { success_url, cancel_url, expires_at } = goldSessionForm();
  const rest = {
    success_url,
    cancel_url,
    expires_at,
    'metadata[package]': 'gold',
    'subscription_data[trial_end]': String(TRIAL_END_S),
    'subscription_data[metadata][package]': 'gold',
  };
  await withCheckout(
    async ({ provider, call }) => {
      assert.equal((await call({ packageName: 'gold' })).status, 200);
      assert.deepEqual(formOf(provider), {
        mode: 'subscription',
        'line_items[0][price]': 'price_setup_123',
        'line_items[0][quantity]': '1',
        'line_items[1][price]': 'price_monthly_456',
        'line_items[1][quantity]': '1',
        ...rest,
      });
    },
    { vars: { STRIPE_PRICE_SETUP: 'price_setup_123', STRIPE_PRICE_MONTHLY: 'price_monthly_456' } },
  );
  await withCheckout(
    async ({ provider, call }) => {
      assert.equal((await call({ packageName: 'gold' })).status, 200);
      const inline = Object.fromEntries(
        Object.entries(goldSessionForm()).filter(([name]) => name.startsWith('line_items[1]')),
      );
      assert.deepEqual(formOf(provider), {
        mode: 'subscription',
        'line_items[0][price]': 'price_setup_123',
        'line_items[0][quantity]': '1',
        ...inline,
        ...rest,
      });
    },
    { vars: { STRIPE_PRICE_SETUP: ' price_setup_123 ', STRIPE_PRICE_MONTHLY: '' } },
  );
});

Deno.test('createCheckout: a body not sent as application/json is 415, and nothing is sent', async () => {
  await withCheckout(async ({ provider, call, handle }) => {
    for (const type of ['text/plain', 'text/plain;charset=UTF-8', 'application/x-www-form-urlencoded']) {
      const res = await call({ packageName: 'gold' }, { headers: { 'Content-Type': type } });
      assert.equal(res.status, 415, type);
      assert.deepEqual(await res.json(), {
        error: 'Send the request as JSON: its Content-Type must be application/json',
        code: 'unsupported_media_type',
      });
    }
    // What a page's no-cors fetch of a string sends: a Request whose body alone sets text/plain.
    const plain = new Request('http://127.0.0.1/', { method: 'POST', body: '{"packageName":"gold"}' });
    assert.equal((await handle(plain)).status, 415);
    assert.equal(provider.requests.length, 0);
  });
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
    await withCheckout(
      async ({ provider, logs, call }) => {
        const res = await call({ packageName: 'gold' });
        assert.equal(res.status, 500, JSON.stringify(vars));
        const answer = await res.json();
        assert.ok(answer.error.startsWith(message), `${answer.error} starts with ${message}`);
        assert.equal(answer.code, 'config_error');
        assert.doesNotMatch(JSON.stringify(answer), /\bat .*\.ts|stack/i);
        assert.equal(provider.requests.length, 0);
        assert.match(logs.text(), new RegExp(message.split(' ')[0] ?? ''));
      },
      { vars },
    );
  }
});
