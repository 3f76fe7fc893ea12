/**
 * Deploying: the platform CLI's deploy API (the app and its visibility, entity schemas, backend functions, the site's
 * archive, secrets, function logs, and their read-backs), what was deployed kept in the database and served (functions
 * in front of the project's folder, the entity schemas in place of its declarations, the site at its published URL),
 * and who may deploy (the workspace key, an admin's token; never a page).
 */
export { API_KEY_HEADER, WORKSPACE_API_KEY } from './deploy-access.ts';
export { type DeployContext, registerDeployRoutes } from './deploy-routes.ts';
export { DEPLOY_TABLES, DeployStore } from './deploy-store.ts';
export { DeployedFunctions, functionFilesRoot } from './deployed-functions.ts';
export { Deployments } from './deployments.ts';
export { PublishedSite } from './published-site.ts';
