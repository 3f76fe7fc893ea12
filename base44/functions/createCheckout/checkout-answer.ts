/**
 * createCheckout's answer: `POST { packageName: 'gold' }` (as `application/json`) -> `200 { url }`, the provider's
 * hosted payment page. Another method is 405, another content type 415, validation errors are 400, a missing secret
 * 500 (naming the variable), a provider failure 502; none carries a stack. The SDKs it works with (the platform's
 * user lookup, the provider's session creation and errors) come from handler.ts.
 */
import type Stripe from 'npm:stripe@23.1.0';
import { ConfigError, type Env, type ProviderApi } from '../../shared/env.ts';
import { errorResponse } from '../../shared/http.ts';
import { readCheckoutInput } from './checkout-request.ts';
import { type CheckoutConfig, readCheckoutConfig } from './config.ts';
import { buildSessionParams } from './session-params.ts';
import { findSignedInCaller, type PlatformClientOf } from './signed-in-caller.ts';

export interface CheckoutDeps {
  env: Env;
  /** How long the signed-in user lookup may take (tests shorten it). */
  callerLookupTimeoutMs?: number;
  /** The clock (Unix seconds) the billing anchor counts from; tests fix it. */
  nowS?: () => number;
}

/** An error the provider's SDK raised for its answer or for the connection to it. */
export type ProviderFailure = Pick<
  InstanceType<typeof Stripe.errors.StripeError>,
  'type' | 'statusCode' | 'message'
>;

/** The SDKs a checkout is made with: handler.ts gives the platform's and the provider's. */
export interface CheckoutSdk {
  /** The platform's client for the request (`createClientFromRequest`), to find who is signed in. */
  platformOf: PlatformClientOf;
  /** The provider's client with an API key and API (`createStripe`), as far as checkout uses it. */
  createStripe(
    secretKey: string,
    api: ProviderApi,
  ): {
    checkout: {
      sessions: {
        create(params: Stripe.Checkout.SessionCreateParams): Promise<{ id: string; url: string | null }>;
      };
    };
  };
  /** Whether an error is one the provider's SDK raised (not a bug of ours). */
  isProviderError(error: unknown): error is ProviderFailure;
}

export const PROVIDER_ERROR_MESSAGE = 'The payment provider could not start checkout';

export async function answerCheckout(req: Request, deps: CheckoutDeps, sdk: CheckoutSdk): Promise<Response> {
  try {
    return await createCheckout(req, deps, sdk);
  } catch (error) {
    console.error('createCheckout: unexpected error', error);
    return errorResponse(500, 'Checkout could not be started', 'internal_error');
  }
}

async function createCheckout(req: Request, deps: CheckoutDeps, sdk: CheckoutSdk): Promise<Response> {
  if (req.method !== 'POST') {
    return errorResponse(405, 'Use POST', 'method_not_allowed', { Allow: 'POST' });
  }
  const input = await readCheckoutInput(req);
  if (!input.ok) return errorResponse(input.status, input.message, input.code);

  let config: CheckoutConfig;
  try {
    config = readCheckoutConfig(deps.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`createCheckout: ${error.message}`);
    return errorResponse(500, error.message, 'config_error');
  }

  const caller = await findSignedInCaller(req, sdk.platformOf, deps.callerLookupTimeoutMs);
  const nowS = deps.nowS?.() ?? Math.floor(Date.now() / 1000);
  const params = buildSessionParams(input.packageName, config, caller, nowS);
  try {
    const session = await sdk.createStripe(config.secretKey, config.api).checkout.sessions.create(params);
    if (typeof session.url !== 'string' || !session.url) {
      console.error(`createCheckout: the provider's session ${session.id} has no url`);
      return errorResponse(502, PROVIDER_ERROR_MESSAGE, 'provider_error');
    }
    return Response.json({ url: session.url });
  } catch (error) {
    if (!sdk.isProviderError(error)) throw error;
    console.error(
      `createCheckout: the payment provider refused the session (${error.type}, ${error.statusCode ?? 'no status'}): ${error.message}`,
    );
    return errorResponse(502, PROVIDER_ERROR_MESSAGE, 'provider_error');
  }
}
