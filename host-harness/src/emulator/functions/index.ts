/**
 * Backend functions: the project's `base44/functions/{name}/`, bundled and run in workerd as deployed (or in Deno),
 * called through `/api/apps/{appId}/functions/{name}` only, with the control routes that list and stop them.
 */
export { bundleFunction, FunctionBundleError } from './function-bundle.ts';
export { type FunctionCatalog, type FunctionDefinition, projectCatalog } from './function-catalog.ts';
export { registerFunctionControlRoutes } from './function-control-routes.ts';
export { functionSecrets } from './function-env.ts';
export { registerFunctionRoutes } from './function-routes.ts';
export { type FunctionLogLine, FunctionRunner } from './function-runner.ts';
export { RUNTIME_NAMES, type RuntimeName, runtimeFromEnv } from './function-runtime.ts';
export { DEFAULT_FUNCTIONS_DIR } from './project-paths.ts';
