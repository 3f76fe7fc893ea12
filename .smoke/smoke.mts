import { createEmulator } from '../host-harness/src/emulator/index.ts';

const h = await createEmulator({
  dataDir: null,
  quiet: true,
  siteOrigin: 'http://localhost:4401',
  agencyEmail: 'agency@example.com',
  functionsRuntime: 'workerd',
  eventOrderSeed: 7,
});
const url = await h.listen();
const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
  const r = await fetch(url + path, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const t = await r.text();
  let j: any;
  try {
    j = JSON.parse(t);
  } catch {
    j = t;
  }
  return { status: r.status, body: j };
};
const co = await call('POST', '/api/apps/local-app/functions/createCheckout', { packageName: 'gold' });
console.log('checkout', co.status, JSON.stringify(co.body).slice(0, 300));
const id = String(co.body.url).split('/').pop();
const page = await fetch(`${url}/__harness/pay/${id}`);
const html = await page.text();
console.log(
  (html.match(/<p class="price">.*?<\/p>|<p class="then">.*?<\/p>|<li>.*?<\/li>/g) ?? []).join('\n'),
);
const pay = await fetch(`${url}/__harness/pay/${id}/pay`, {
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: 'payment_method=card',
  redirect: 'manual',
});
console.log('pay', pay.status, pay.headers.get('location'));
const s = await call('GET', '/__harness/checkout-sessions');
const sess = s.body[0];
console.log(
  'status',
  sess.status,
  sess.subscription?.status,
  sess.events.map((e: any) => `${e.type}:${e.state}:${e.attempts.at(-1)?.status}`).join(', '),
);
const orders = await call('GET', '/api/apps/local-app/entities/Order', undefined, {
  authorization: 'Bearer local-service-token',
});
console.log('orders', JSON.stringify(orders.body, null, 1).slice(0, 1500));
const out = await call('GET', '/__harness/outbox');
console.log(
  'outbox',
  out.body.map((m: any) => m.subject ?? m.data?.subject ?? JSON.stringify(m).slice(0, 200)),
);
const adv = await call('POST', `/__harness/checkout-sessions/${id}/advance`, { renewal: 'failed' });
console.log(
  'advance',
  adv.status,
  adv.body.order?.subscription?.status,
  adv.body.order?.events
    ?.slice(-6)
    .map((e: any) => `${e.type}:${e.state}:${e.attempts.at(-1)?.status}`)
    .join(', '),
);
const clk = await call('POST', `/__harness/checkout-sessions/${id}/clock`, {
  to: Math.floor(Date.now() / 1000) + 60 * 86400,
});
console.log('clock', clk.status, clk.body.order?.subscription?.status ?? JSON.stringify(clk.body));
const out2 = await call('GET', '/__harness/outbox');
console.log(
  'outbox',
  out2.body.map((m: any) => m.subject ?? JSON.stringify(m).slice(0, 200)),
);
const orders2 = await call('GET', '/api/apps/local-app/entities/Order', undefined, {
  authorization: 'Bearer local-service-token',
});
console.log('order', JSON.stringify(orders2.body[0]).slice(0, 800));
await h.close();
