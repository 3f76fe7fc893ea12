/** Entry of the stripeWebhook backend function (Deno): the platform, or the local harness, serves it. */
import { handleStripeWebhook } from './handler.ts';

Deno.serve((req) => handleStripeWebhook(req, { env: Deno.env }));
