/**
 * The startup auth error types (`auth-errors.ts` maps failures to them); any other server-supplied reason is kept as
 * its own type. A module of its own, so that code that only reads the type (the site's auth gate, on every page's
 * first load) carries neither the mapping nor the client's other constants.
 */
export const AUTH_ERROR_TYPE = {
  authRequired: 'auth_required',
  userNotRegistered: 'user_not_registered',
  unknown: 'unknown',
} as const;
