import type { IncomingHttpHeaders } from 'node:http';
import { type CallerState, callerOf, requireMember } from '../auth/index.ts';
import { ForbiddenError, UnauthorizedError } from '../core/errors.ts';

/**
 * Who may use the deploy API (what the platform's CLI calls to deploy, read back and manage an app): a tool, never a
 * page (a deployed function runs code, so no page the browser opens may deploy one, whatever it knows), holding the
 * workspace API key the local platform documents (`BASE44_API_KEY=b44k_local_harness`, sent by the CLI in an `api_key`
 * header) or the token of a signed-in admin of the app (`Authorization: Bearer …`). Any other key is a 401; the
 * service role (a function acting for the app) and members who are not admins are refused.
 */

/** The local platform's workspace API key (docs/deploy.md, "The deploy rehearsal"). */
export const WORKSPACE_API_KEY = 'b44k_local_harness';
/** The header the platform's CLI sends a workspace key in. */
export const API_KEY_HEADER = 'api_key';

/** `Sec-Fetch-Site` values of a request no page on another origin caused. */
const FIRST_PARTY_FETCH = new Set(['same-origin', 'none']);
const TOOLS_ONLY = "The deploy API answers only tools such as the platform's CLI";

/** Why a request to the deploy API is refused before its credentials are read, or null: pages are refused. */
export function deployOriginRefusal(headers: IncomingHttpHeaders): string | null {
  const origin = headers.origin;
  if (origin !== undefined)
    return `${TOOLS_ONLY}; a request from Origin ${JSON.stringify(origin.slice(0, 200))} was refused`;
  const site = headers['sec-fetch-site'];
  if (site !== undefined && !FIRST_PARTY_FETCH.has(site))
    return `${TOOLS_ONLY}; a request a page sent (Sec-Fetch-Site: ${String(site).slice(0, 40)}) was refused`;
  return null;
}

/** Who deployed: the workspace key, or the admin whose token it was. */
export type Deployer = { kind: 'workspace_key' } | { kind: 'admin'; email: string };

/** The caller allowed to deploy to `appId`; a 403 for a page, the service role or a non-admin, 401 without a key. */
export function requireDeployer(
  state: CallerState,
  appId: string,
  request: { headers: IncomingHttpHeaders },
): Deployer {
  const refusal = deployOriginRefusal(request.headers);
  if (refusal) throw new ForbiddenError(refusal, 'foreign_origin');
  const key = request.headers[API_KEY_HEADER];
  if (key !== undefined) {
    if (key === WORKSPACE_API_KEY) return { kind: 'workspace_key' };
    throw new UnauthorizedError(
      `The workspace API key is not valid here: the local platform takes ${WORKSPACE_API_KEY}`,
      'invalid_api_key',
    );
  }
  const caller = callerOf(state, request);
  if (caller.service)
    throw new ForbiddenError(
      "The service role cannot deploy: use the workspace API key or an admin's token",
      'forbidden',
    );
  const { account, user } = requireMember(state, appId, caller);
  if (user.role !== 'admin')
    throw new ForbiddenError('Only an admin of this app can deploy to it', 'forbidden');
  return { kind: 'admin', email: account.email };
}
