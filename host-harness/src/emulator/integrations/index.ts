/**
 * Integrations: `Core` (SendEmail into the outbox, UploadFile, InvokeLLM's stand-in answer), installable packages and
 * custom integrations with the canned answers the control API registers.
 */
export type { CustomIntegrations, CustomOperation } from './custom-integrations.ts';
export { registerIntegrationControlRoutes } from './integration-control-routes.ts';
export { type IntegrationsContext, registerIntegrationRoutes } from './integration-routes.ts';
