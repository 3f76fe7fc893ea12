/** The platform's link to the payment provider's stand-in, a server of its own reached over HTTP. */
export {
  FORWARDED_ROUTES,
  registerProviderForwarding,
  resetProvider,
  WEBHOOK_FUNCTION,
  webhookEndpointUrl,
} from './provider-forwarding.ts';
