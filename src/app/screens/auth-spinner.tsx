import { authText } from '../../content/auth.ts';

/** The spinner shown while a signed-in visitor's session is checked (spec §2). */
export function AuthSpinner() {
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-white/80 backdrop-blur-sm">
      <div role="status" aria-live="polite" className="flex flex-col items-center gap-4">
        <span
          aria-hidden="true"
          className="size-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600 motion-reduce:animate-none"
        />
        <span className="text-sm font-medium text-slate-600">{authText.checking}</span>
      </div>
    </div>
  );
}
