/**
 * Reading a function's configuration from its environment (`Deno.env`, which the platform fills from the app's
 * secrets; a plain object in tests), validated on each call, so that a missing secret is a 500 naming the variable
 * rather than a stack trace. Shared by every function (base44/shared/ is uploaded with each of them).
 */

/** The part of `Deno.env` the function reads. */
export interface Env {
  get(name: string): string | undefined;
}

/** A variable the function needs is missing or malformed; its message names the variable and is safe to show. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Where the provider's SDK sends requests; all unset in production (api.stripe.com). */
export interface ProviderApi {
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

export function requireVar(env: Env, name: string): string {
  const value = env.get(name)?.trim();
  if (!value) throw new ConfigError(`${name} is not set`);
  return value;
}

export function optionalVar(env: Env, name: string): string | undefined {
  return env.get(name)?.trim() || undefined;
}

/** `STRIPE_API_HOST`, `STRIPE_API_PORT`, `STRIPE_API_PROTOCOL`: point the SDK at a local double. */
export function readProviderApi(env: Env): ProviderApi {
  const api: ProviderApi = {};
  const host = optionalVar(env, 'STRIPE_API_HOST');
  if (host) api.host = host;
  const port = optionalVar(env, 'STRIPE_API_PORT');
  if (port) {
    const number = Number(port);
    if (!Number.isInteger(number) || number < 1 || number > 65_535) {
      throw new ConfigError('STRIPE_API_PORT must be a port number (1-65535)');
    }
    api.port = number;
  }
  const protocol = optionalVar(env, 'STRIPE_API_PROTOCOL');
  if (protocol) {
    if (protocol !== 'http' && protocol !== 'https') {
      throw new ConfigError('STRIPE_API_PROTOCOL must be http or https');
    }
    api.protocol = protocol;
  }
  return api;
}
