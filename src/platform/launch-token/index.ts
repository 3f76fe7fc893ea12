/**
 * The launch token (docs/security.md, "Token and bridge"): `takeLaunchToken` reads, keeps and removes it in one step
 * and remembers it for the page; `stripAccessToken` takes it out of any other URL the site sends or shows, with the
 * same parse. Nothing outside this folder imports its other files.
 */
export { stripAccessToken } from './split-access-token.ts';
export { type LaunchWindowLike, takeLaunchToken } from './take-launch-token.ts';
