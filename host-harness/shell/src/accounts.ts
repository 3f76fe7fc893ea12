/** The seeded accounts the shell can preview the site as (harness-contract.md, "Seeded accounts"). */
export interface Account {
  id: 'anonymous' | 'user' | 'admin' | 'outsider';
  label: string;
  email?: string;
  password?: string;
}

export const accounts: readonly Account[] = [
  { id: 'anonymous', label: 'Anonymous' },
  { id: 'user', label: 'User', email: 'user@example.com', password: 'user1234' },
  { id: 'admin', label: 'Admin', email: 'admin@example.com', password: 'admin1234' },
  { id: 'outsider', label: 'Outsider', email: 'outsider@example.com', password: 'outsider1234' },
];

export class SignInError extends Error {
  override name = 'SignInError';
}

/**
 * Signs in through the emulator's login API (same origin as the shell) and returns the real access token.
 * The token is kept in memory only: it goes into the iframe's launch URL and nowhere else.
 */
export async function signIn(appId: string, account: Account): Promise<string> {
  if (!account.email || !account.password) throw new SignInError(`${account.label} has no credentials`);
  let response: Response;
  try {
    response = await fetch(`/api/apps/${encodeURIComponent(appId)}/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: account.email, password: account.password }),
    });
  } catch (error) {
    throw new SignInError(
      `Sign-in request failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const body = (await response.json().catch(() => null)) as {
    access_token?: unknown;
    message?: unknown;
    error?: { message?: unknown };
  } | null;
  if (!response.ok || typeof body?.access_token !== 'string' || !body.access_token) {
    const reason = body?.error?.message ?? body?.message ?? `HTTP ${response.status}`;
    throw new SignInError(`Sign-in as ${account.label} failed: ${String(reason)}`);
  }
  return body.access_token;
}
