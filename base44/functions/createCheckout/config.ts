/** createCheckout's configuration (see the table of secrets in docs/deploy.md, "2. Set the secrets"): secrets, site origin, optional prices. */
import {
  ConfigError,
  type Env,
  optionalVar,
  type ProviderApi,
  readProviderApi,
  requireVar,
} from '../../shared/env.ts';

export interface CheckoutConfig {
  secretKey: string;
  /** `SITE_ORIGIN`, normalised (no trailing slash): where the provider sends the buyer back. */
  siteOrigin: string;
  /** Price ids set up in the provider's dashboard; when unset the session carries inline `price_data`. */
  prices: { setup?: string; monthly?: string };
  api: ProviderApi;
}

export function readCheckoutConfig(env: Env): CheckoutConfig {
  const secretKey = requireVar(env, 'STRIPE_SECRET_KEY');
  const siteOrigin = readSiteOrigin(requireVar(env, 'SITE_ORIGIN'));
  const prices: CheckoutConfig['prices'] = {};
  const setup = optionalVar(env, 'STRIPE_PRICE_SETUP');
  if (setup) prices.setup = setup;
  const monthly = optionalVar(env, 'STRIPE_PRICE_MONTHLY');
  if (monthly) prices.monthly = monthly;
  return { secretKey, siteOrigin, prices, api: readProviderApi(env) };
}

/** Only a bare http(s) origin: a path, query or credentials would end up inside the provider's redirect URLs. */
function readSiteOrigin(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError('SITE_ORIGIN must be an http(s) origin such as https://example.co.uk');
  }
  const bare = value.replace(/\/$/, '');
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== bare) {
    throw new ConfigError('SITE_ORIGIN must be an http(s) origin such as https://example.co.uk');
  }
  return url.origin;
}
