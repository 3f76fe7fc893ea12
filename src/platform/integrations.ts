import { toCallBody } from './call-body.ts';
import type { HttpCore } from './http-core.ts';
import type { NoSchemas } from './types.ts';

/** One integration endpoint: resolves the answer's body. */
export type IntegrationEndpoint = <T = unknown>(params?: object) => Promise<T>;
/** The endpoints of one package, by name (`Core.SendEmail`); `N` names the endpoints typed as present. */
export type IntegrationPackage<N extends string = never> = Record<N, IntegrationEndpoint> & {
  [name: string]: IntegrationEndpoint;
};
/** The platform's built-in `Core` endpoints. */
export type CoreIntegrationName =
  | 'InvokeLLM'
  | 'SendEmail'
  | 'SendSMS'
  | 'UploadFile'
  | 'UploadPrivateFile'
  | 'CreateFileSignedUrl'
  | 'GenerateImage'
  | 'ExtractDataFromUploadedFile';
/** Installable packages and their endpoint names, declared by the caller: `{ slack: 'PostMessage' }`. */
export type IntegrationSchemas = Record<string, string>;
/** Integration packages by name: `Core` or an installable package declared in `P`. */
export type IntegrationsClient<P extends IntegrationSchemas = NoSchemas> = {
  Core: IntegrationPackage<CoreIntegrationName>;
} & {
  [K in keyof P]: IntegrationPackage<P[K]>;
} & { [pkg: string]: IntegrationPackage };

/** Property reads a promise check or a debugger makes; answering them would look like a package. */
const isInternalKey = (key: string | symbol): key is symbol =>
  typeof key !== 'string' || key === 'then' || key.startsWith('_');

function proxyOf<T>(create: (key: string) => T): Record<string, T> {
  return new Proxy({} as Record<string, T>, {
    get: (_target, key) => (isInternalKey(key) ? undefined : create(key)),
  });
}

/**
 * Creates the integrations client: `integrations.Core.SendEmail(params)` posts to
 * `/integration-endpoints/Core/{name}`, any other package to
 * `/integration-endpoints/installable/{package}/integration-endpoints/{name}`. The body rule and the string rejection
 * are those of functions.
 */
export function createIntegrationsClient<P extends IntegrationSchemas = NoSchemas>(
  core: HttpCore,
): IntegrationsClient<P> {
  return proxyOf((pkg) =>
    proxyOf<IntegrationEndpoint>((name) => async (params) => {
      const body = toCallBody('Integration', name, params);
      const base = `/apps/${core.appId}/integration-endpoints`;
      const path =
        pkg === 'Core'
          ? `${base}/Core/${encodeURIComponent(name)}`
          : `${base}/installable/${encodeURIComponent(pkg)}/integration-endpoints/${encodeURIComponent(name)}`;
      return (await core.request(path, { method: 'POST', body })).data as never;
    }),
  ) as IntegrationsClient<P>;
}
