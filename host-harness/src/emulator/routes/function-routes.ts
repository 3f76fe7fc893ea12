import type { FastifyInstance } from 'fastify';
import type { EmulatorContext } from '../context.ts';
import { BadRequestError, NotFoundError } from '../errors.ts';
import { callerOf, requireApp } from '../http/caller.ts';
import { localOrigin } from '../http/local-url.ts';
import { readNamedParams } from '../http/named-params.ts';
import { PACKAGES } from '../state/order-store.ts';

/** Where the payment page returns when the checkout request carried no usable `X-Origin-URL`. */
export const DEFAULT_SITE_ORIGIN = 'http://localhost:4401';

/** Backend functions: `createCheckout` opens a checkout session on the emulator's payment page. */
export function registerFunctionRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const { state } = ctx;

  app.post('/api/apps/:appId/functions/:name', async (request) => {
    const { appId, name } = request.params as { appId: string; name: string };
    requireApp(state, appId);
    if (name !== 'createCheckout')
      throw new NotFoundError(`Function ${name.slice(0, 64)} not found`, 'function_not_found');
    const { values } = await readNamedParams(request, `Function ${name}`);
    const packageName = values.packageName;
    if (typeof packageName !== 'string')
      throw new BadRequestError('packageName is required and must be a string', 'invalid_body');
    if (!Object.hasOwn(PACKAGES, packageName)) {
      throw new BadRequestError(
        `Unknown package: ${packageName.slice(0, 64)}. Available: ${Object.keys(PACKAGES).join(', ')}`,
        'unknown_package',
      );
    }
    const version = request.headers['base44-functions-version'];
    const order = state.orders.create({
      appId,
      packageId: packageName,
      // Only a local origin is kept: the payment page redirects there, so anything else would be an open redirect.
      origin: localOrigin(request.headers['x-origin-url'], DEFAULT_SITE_ORIGIN),
      userId: callerOf(state, request).account?.id ?? null,
      functionsVersion: typeof version === 'string' ? version.slice(0, 64) : null,
    });
    return { url: `${ctx.baseUrl(request)}/__harness/pay/${order.id}` };
  });
}
