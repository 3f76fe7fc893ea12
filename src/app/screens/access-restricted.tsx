import { ShieldAlert } from 'lucide';
import { IconBadge } from '../../components/icon-badge.tsx';
import { authText } from '../../content/auth.ts';

/**
 * Shown instead of the page when the signed-in user is not registered for the app (docs/requirements.md,
 * "Screens and routes" and "The error catalogue").
 */
export function AccessRestricted() {
  return (
    <section className="bg-gradient-to-b from-brand-50 to-white pt-36 pb-24">
      <div className="mx-auto max-w-xl px-4 text-center sm:px-6">
        <IconBadge
          icon={ShieldAlert}
          className="mx-auto size-14 bg-danger-50 text-danger-600"
          iconClassName="size-7"
        />
        <h1 className="mt-6 text-4xl font-bold tracking-tight text-slate-900">
          {authText.accessRestrictedTitle}
        </h1>
        <p className="mt-5 text-lg text-slate-600">{authText.accessRestrictedBody}</p>
      </div>
    </section>
  );
}
