import { Spinner } from '../../components/spinner.tsx';
import { authText } from '../../content/auth.ts';

/** The spinner shown while a signed-in visitor's session is checked (docs/requirements.md, "Screens and routes"). */
export function AuthSpinner() {
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-white/80 backdrop-blur-sm">
      <Spinner label={authText.checking} visibleLabel className="gap-4" ringClassName="size-10" />
    </div>
  );
}
