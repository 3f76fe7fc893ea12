import { ShieldAlert } from 'lucide';
import { Icon } from '../../components/icon.tsx';
import { authText } from '../../content/auth.ts';

/** Shown instead of the page when the signed-in user is not registered for the app (spec §2, §8). */
export function AccessRestricted() {
  return (
    <section className="bg-gradient-to-b from-brand-50 to-white pt-36 pb-24">
      <div className="mx-auto max-w-xl px-4 text-center sm:px-6">
        <span className="mx-auto inline-flex size-14 items-center justify-center rounded-full bg-danger-50 text-danger-600">
          <Icon icon={ShieldAlert} className="size-7" />
        </span>
        <h1 className="mt-6 text-4xl font-bold tracking-tight text-slate-900">
          {authText.accessRestrictedTitle}
        </h1>
        <p className="mt-5 text-lg text-slate-600">{authText.accessRestrictedBody}</p>
      </div>
    </section>
  );
}
