/**
 * Backend functions: the project's `base44/functions/{name}/`, bundled and run in workerd as deployed (or in Deno),
 * called through `/api/apps/{appId}/functions/{name}` only, with the control routes that list and stop them.
 */
export { registerFunctionControlRoutes } from './function-control-routes.ts';
export { functionSecrets } from './function-env.ts';
export { registerFunctionRoutes } from './function-routes.ts';
export { FunctionRunner } from './function-runner.ts';
export { RUNTIME_NAMES, type RuntimeName, runtimeFromEnv } from './function-runtime.ts';
