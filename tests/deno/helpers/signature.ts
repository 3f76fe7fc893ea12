/**
 * The `Stripe-Signature` header the provider puts on a delivery, from its documented scheme
 * (docs.stripe.com/webhooks#verify-manually): `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<payload>" keyed with the
 * endpoint's signing secret>`. Written here with WebCrypto, so the tests sign without the SDK that verifies.
 */
export async function signatureHeader(payload: string, secret: string, timestampS = nowS()): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = await crypto.subtle.sign('HMAC', key, encoder.encode(`${timestampS}.${payload}`));
  const hex = [...new Uint8Array(mac)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `t=${timestampS},v1=${hex}`;
}

const nowS = () => Math.floor(Date.now() / 1000);
