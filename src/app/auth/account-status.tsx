import { authText } from '../../content/auth.ts';
import { logout, useAuthStore } from '../../shared/auth/auth-store.ts';
import { loadSitePlatform } from '../../shared/site-platform/load-site-platform.ts';

/** "Signed in as … · Sign out" for a signed-in visitor; nothing for anyone else. */
export function AccountStatus() {
  const user = useAuthStore((state) => state.user);
  if (!user) return null;
  return (
    <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-400">
      <span>
        {authText.signedInAs}{' '}
        <span className="text-slate-200">{String(user.email ?? user.full_name ?? '')}</span>
      </span>
      <span aria-hidden="true">·</span>
      <button
        type="button"
        className="inline-flex min-h-11 items-center rounded font-medium text-slate-200 underline-offset-4 hover:text-white hover:underline"
        onClick={() => void loadSitePlatform().then((platform) => logout(platform))}
      >
        {authText.signOut}
      </button>
    </p>
  );
}
