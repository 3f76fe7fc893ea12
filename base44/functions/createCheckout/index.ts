/** Entry of the createCheckout backend function (Deno): the platform, or the local harness, serves it. */
import { handleCreateCheckout } from './handler.ts';

Deno.serve((req) => handleCreateCheckout(req, { env: Deno.env }));
