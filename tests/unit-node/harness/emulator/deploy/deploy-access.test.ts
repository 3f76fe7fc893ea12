/**
 * Who may deploy (deploy-access.ts): a tool with the local workspace key, or with the token of a signed-in admin of the
 * app; never a page, whatever it holds; never the service role or a member who is not an admin.
 */
import { describe, expect, it } from 'vitest';
import { SERVICE_TOKEN } from '../../../../../host-harness/src/emulator/auth/seeded-accounts.ts';
import {
  API_KEY_HEADER,
  deployOriginRefusal,
  requireDeployer,
  WORKSPACE_API_KEY,
} from '../../../../../host-harness/src/emulator/deploy/deploy-access.ts';
import { APP, memoryAuthState } from '../memory-auth-state.ts';
import { outcome } from '../outcome.ts';

function withMembers() {
  const state = memoryAuthState();
  const sign = (email: string, role: string | null) => {
    const account = state.accounts.create({ email, passwordHash: null, fullName: '', verified: true });
    if (role) state.join(APP, account.id, { role });
    return state.accounts.issueToken(account.id);
  };
  return {
    state,
    admin: sign('admin@example.com', 'admin'),
    user: sign('user@example.com', 'user'),
    outsider: sign('outsider@example.com', null),
  };
}

const asked = (headers: Record<string, string>) => ({ headers });
const TOOLS_ONLY = "The deploy API answers only tools such as the platform's CLI";

describe('requireDeployer: credentials', () => {
  it('takes the local workspace key, sent as the CLI sends it', () => {
    const { state } = withMembers();
    expect(WORKSPACE_API_KEY).toBe('b44k_local_harness');
    expect(API_KEY_HEADER).toBe('api_key');
    expect(requireDeployer(state, APP, asked({ api_key: 'b44k_local_harness' }))).toEqual({
      kind: 'workspace_key',
    });
  });

  it('refuses any other key with a 401, even beside an admin’s token', () => {
    const { state, admin } = withMembers();
    const refusal =
      '401 invalid_api_key: The workspace API key is not valid here: the local platform takes b44k_local_harness';
    for (const key of ['b44k_other', 'B44K_LOCAL_HARNESS', 'b44k_local_harness ', ''])
      expect(outcome(() => requireDeployer(state, APP, asked({ api_key: key })))).toBe(refusal);
    expect(
      outcome(() =>
        requireDeployer(state, APP, asked({ api_key: 'b44k_x', authorization: `Bearer ${admin}` })),
      ),
    ).toBe(refusal);
  });

  it('takes the token of a signed-in admin of the app, naming the admin', () => {
    const { state, admin } = withMembers();
    expect(requireDeployer(state, APP, asked({ authorization: `Bearer ${admin}` }))).toEqual({
      kind: 'admin',
      email: 'admin@example.com',
    });
  });

  it('refuses anonymous callers, members who are not admins, outsiders and the service role', () => {
    const { state, user, outsider } = withMembers();
    expect(outcome(() => requireDeployer(state, APP, asked({})))).toBe(
      '401 auth_required: Authentication required',
    );
    expect(outcome(() => requireDeployer(state, APP, asked({ authorization: 'Bearer unknown' })))).toBe(
      '401 auth_required: Authentication required',
    );
    expect(outcome(() => requireDeployer(state, APP, asked({ authorization: `Bearer ${user}` })))).toBe(
      '403 forbidden: Only an admin of this app can deploy to it',
    );
    expect(outcome(() => requireDeployer(state, APP, asked({ authorization: `Bearer ${outsider}` })))).toBe(
      '403 user_not_registered: User not registered for this app',
    );
    expect(
      outcome(() => requireDeployer(state, APP, asked({ authorization: `Bearer ${SERVICE_TOKEN}` }))),
    ).toBe("403 forbidden: The service role cannot deploy: use the workspace API key or an admin's token");
  });
});

describe('requireDeployer: pages are refused first', () => {
  it('refuses a request with an Origin, the key and an admin’s token notwithstanding', () => {
    const { state, admin } = withMembers();
    for (const origin of ['http://localhost:4401', 'http://localhost:4400', 'null', 'https://evil.example'])
      expect(
        outcome(() =>
          requireDeployer(
            state,
            APP,
            asked({ origin, api_key: WORKSPACE_API_KEY, authorization: `Bearer ${admin}` }),
          ),
        ),
      ).toBe(
        `403 foreign_origin: ${TOOLS_ONLY}; a request from Origin ${JSON.stringify(origin)} was refused`,
      );
  });

  it('refuses what a page sent without an Origin (Fetch Metadata), and takes a tool’s or a same-origin request', () => {
    const { state } = withMembers();
    for (const site of ['cross-site', 'same-site'])
      expect(
        outcome(() =>
          requireDeployer(state, APP, asked({ 'sec-fetch-site': site, api_key: WORKSPACE_API_KEY })),
        ),
      ).toBe(
        `403 foreign_origin: ${TOOLS_ONLY}; a request a page sent (Sec-Fetch-Site: ${site}) was refused`,
      );
    for (const site of ['none', 'same-origin'])
      expect(
        requireDeployer(state, APP, asked({ 'sec-fetch-site': site, api_key: WORKSPACE_API_KEY })),
      ).toEqual({
        kind: 'workspace_key',
      });
  });

  it('quotes at most 200 characters of an Origin and 40 of a Sec-Fetch-Site', () => {
    const origin = `https://${'o'.repeat(300)}`;
    expect(deployOriginRefusal({ origin })).toBe(
      `${TOOLS_ONLY}; a request from Origin ${JSON.stringify(origin.slice(0, 200))} was refused`,
    );
    expect(deployOriginRefusal({ 'sec-fetch-site': 's'.repeat(50) })).toBe(
      `${TOOLS_ONLY}; a request a page sent (Sec-Fetch-Site: ${'s'.repeat(40)}) was refused`,
    );
    expect(deployOriginRefusal({})).toBeNull();
  });
});
