import type { FastifyInstance } from 'fastify';
import { escapeHtml, sendPage } from '../../serving/page-shell.ts';
import { ApiError } from '../core/errors.ts';
import { localHttpUrl, withAccessToken } from '../core/http/local-url.ts';
import type { CallerState } from './members.ts';
import { SEEDED_ACCOUNTS } from './seeded-accounts.ts';
import { signIn } from './sign-in.ts';

const BAD_RETURN =
  'This sign-in link asks to return to an address outside this machine, so it was not followed.';

function loginBody(fromUrl: string | null, error: string | null, email = ''): string {
  const hidden = fromUrl ? `<input type="hidden" name="from_url" value="${escapeHtml(fromUrl)}">` : '';
  const quick = SEEDED_ACCOUNTS.map(
    (a) => `<form method="post" action="/login">${hidden}
<input type="hidden" name="email" value="${a.email}"><input type="hidden" name="password" value="${a.password}">
<button type="submit" class="secondary">Use ${a.email} (${a.member ? a.role : 'not registered for the app'})</button></form>`,
  ).join('\n');
  return `<h1>Sign in</h1>
<p class="note">This is the local emulator's stand-in for the platform's sign-in page. Nothing leaves this machine.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/login">
${hidden}
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit" class="primary">Sign in</button>
</form>
<section class="quick" aria-labelledby="quick-title">
<h2 id="quick-title">Seeded accounts</h2>
${quick}
</section>`;
}

/**
 * The platform's login page (`/login?from_url=`): a plain form POST answered by a 303 to `from_url` with
 * `access_token` added, only when `from_url` is a local http(s) address (no open redirect). No script: works under
 * a strict CSP.
 */
export function registerLoginPage(app: FastifyInstance, state: CallerState & { appId: string }): void {
  app.get('/login', async (request, reply) => {
    const { from_url: raw } = request.query as Record<string, unknown>;
    if (raw !== undefined && !localHttpUrl(raw))
      return sendPage(reply, 400, 'Sign in', loginBody(null, BAD_RETURN));
    // Here raw is absent or a string: localHttpUrl answers null for anything else.
    return sendPage(reply, 200, 'Sign in', loginBody((raw as string | undefined) ?? null, null));
  });

  app.post('/login', async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, unknown>;
    const email = typeof form.email === 'string' ? form.email.slice(0, 254) : '';
    const password = typeof form.password === 'string' ? form.password.slice(0, 200) : '';
    const raw = form.from_url;
    // An absent or empty from_url is no return address (localHttpUrl answers null for both); any other must be local.
    const target = localHttpUrl(raw);
    if (raw !== undefined && raw !== '' && !target)
      return sendPage(reply, 400, 'Sign in', loginBody(null, BAD_RETURN, email));
    const fromUrl = target ? String(raw) : null;
    let token: string;
    try {
      token = (await signIn(state, state.appId, email, password)).access_token;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const message =
        error.code === 'invalid_credentials'
          ? 'Incorrect email or password. Please try again.'
          : error.message;
      return sendPage(reply, error.status, 'Sign in', loginBody(fromUrl, message, email));
    }
    if (!target) {
      return sendPage(
        reply,
        200,
        'Signed in',
        `<h1>Signed in</h1><p class="note">You are signed in as ${escapeHtml(email)}. No return address was given, so there is nowhere to go back to.</p>`,
      );
    }
    return reply.redirect(withAccessToken(target, token), 303);
  });
}
