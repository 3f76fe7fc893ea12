/**
 * Accounts and sign-in: the auth routes of the contract, the login page, public settings, access tokens, and who is
 * calling (`callerOf`, `requireMember`, `requireAdmin`), which every other feature asks. An app's members are its
 * `User` records, kept by the entities feature and reached through `MemberDirectory`.
 */
export { ACCOUNT_TABLES, type Account, AccountStore } from './account-store.ts';
export { registerAuthRoutes } from './auth-routes.ts';
export { type Caller, callerOf, isAdmin, requireAdmin, requireMember } from './caller.ts';
export { registerLoginPage } from './login-page.ts';
export type { AuthState, CallerState, MemberAuthor, MemberDirectory, MemberRecord } from './members.ts';
export { registerPublicSettingsRoutes } from './public-settings-routes.ts';
export { SEEDED_ACCOUNTS, SERVICE_TOKEN, seededHash } from './seeded-accounts.ts';
export { socketIdentity } from './socket-identity.ts';
